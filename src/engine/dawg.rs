//! A word list's trie with equal subtrees shared (a minimal DAWG), written as bytes made for
//! size: the form in which compiled lists travel to the page. ENABLE2K's 389,000 trie nodes
//! become 54,000 DAWG nodes, coded in 154 KB; expanding them back into the solver's
//! breadth-first trie takes a single pass.
//!
//! Two subtrees are equal when their nodes end words in the same places; points are not stored
//! (they follow from a word's length, counted again on expansion), so `-ing` endings of every
//! length share one subtree. Nodes reached from two or more places are *shared*; every other
//! node has one parent and is written inside it.
//!
//! Layout: the shared-node count `S`, the count `N` of DAWG nodes, and the lengths of the two
//! coded streams (LEB128 varints), then the streams to the end of the file: outputs of the
//! range coder (`range_coder.rs`), the first with the shape of the DAWG, the
//! second with its shared indices. They hold the shared nodes' subtrees (most referenced
//! first, so shared node `i` is `i`), then the root's. A subtree is written in preorder: a
//! node's child letters in order, each followed by whether it is shared (then its index) or
//! not, then the symbol saying whether a word ends at the node, then the subtrees of its
//! children that are not shared. Each decision is coded in a context that predicts it well: a
//! child letter by the previous letter of the same node and the letter leading into the node
//! (so `q` is followed by `u`), the shared bit by the child's letter, and a shared index, by
//! its bit length and leading bits, by the letter leading to it. This takes ENABLE2K to 154 KB,
//! where brotli over a plain serialisation of the same DAWG reached 184 KB.

use crate::engine::board::{letters_of, QU};
use crate::engine::dictionary::{DictionaryError, Node, ROOT};
use crate::engine::range_coder::{Decoder, Encoder};
use crate::engine::scoring::points;
use model::{Model, END, END_WORD, NONE};
use std::collections::HashMap;

mod model;

/// A DAWG node as the writer sees it: whether a word ends here, and its children in letter
/// order (letter, node).
pub(crate) type WriteNode = (bool, Vec<(u8, u32)>);

/// Writes the DAWG of a breadth-first trie (see [`crate::engine::dictionary::Node`]).
pub(crate) fn write(trie: &[Node], out: &mut Vec<u8>) {
    // Each trie node's DAWG node, found bottom-up: children come after parents in the trie.
    let mut ids = vec![0u32; trie.len()];
    let mut known: HashMap<WriteNode, u32> = HashMap::new();
    let mut nodes: Vec<WriteNode> = Vec::new();
    for i in (0..trie.len()).rev() {
        let n = trie[i];
        let kids = letters(n.children())
            .map(|l| (l as u8, ids[n.child_unchecked(l) as usize]))
            .collect();
        let key = (n.points() > 0, kids);
        ids[i] = *known.entry(key).or_insert_with_key(|key| {
            nodes.push(key.clone());
            (nodes.len() - 1) as u32
        });
    }
    let root = ids[ROOT as usize];
    let mut parents = vec![0u32; nodes.len()];
    for (_, kids) in &nodes {
        for &(_, to) in kids {
            parents[to as usize] += 1;
        }
    }
    // Shared nodes, most referenced first (then by id, so the output is deterministic).
    let mut shared: Vec<u32> = (0..nodes.len() as u32)
        .filter(|&i| parents[i as usize] > 1)
        .collect();
    shared.sort_by_key(|&i| (std::cmp::Reverse(parents[i as usize]), i));
    serialize(&nodes, &shared, root, out);
}

/// Writes `nodes` with `shared` as the shared nodes (in that order) and `root` as the root:
/// any DAWG, even one a trie cannot give (the tests write damaged ones with it).
pub(crate) fn serialize(nodes: &[WriteNode], shared: &[u32], root: u32, out: &mut Vec<u8>) {
    let mut rank = vec![u32::MAX; nodes.len()];
    for (r, &i) in shared.iter().enumerate() {
        rank[i as usize] = r as u32;
    }
    let mut model = Model::new(shared.len() as u32);
    // Two streams: the shape (letters, ends, shared bits) and the shared indices, two
    // independent chains of work for the decoder (measured 3% faster than one stream).
    let (mut enc, mut enc_refs) = (Encoder::new(), Encoder::new());
    let mut written = 0usize;
    for &top in shared.iter().chain([&root]) {
        let mut stack = vec![(top, NONE)];
        while let Some((i, into)) = stack.pop() {
            written += 1;
            let (ends, kids) = &nodes[i as usize];
            let mut prev = NONE;
            for &(l, to) in kids {
                let (l, r) = (l as u32, rank[to as usize]);
                model.symbol(&mut enc, prev, into, l);
                if model.is_shared(&mut enc, l, into, r != u32::MAX) {
                    model.reference(&mut enc_refs, l, r);
                }
                prev = l;
            }
            model.symbol(&mut enc, prev, into, if *ends { END_WORD } else { END });
            let private = kids
                .iter()
                .rev()
                .filter(|&&(_, to)| rank[to as usize] == u32::MAX);
            stack.extend(private.map(|&(l, to)| (to, l as u32)));
        }
    }
    let (body, refs) = (enc.finish(), enc_refs.finish());
    push_varint(out, shared.len() as u32);
    push_varint(out, written as u32);
    push_varint(out, body.len() as u32);
    push_varint(out, refs.len() as u32);
    out.extend_from_slice(&body);
    out.extend_from_slice(&refs);
}

/// Writes the DAWG of every word of `min..=max` letters over the first `alphabet` letters:
/// one shared node a length, so a few dozen bytes expand into a trie of
/// `alphabet + alphabet^2 + ... + alphabet^max` nodes below the root.
pub(crate) fn write_every_word(alphabet: u8, min: usize, max: usize, out: &mut Vec<u8>) {
    // Node `i` is the node after `i + 1` letters; each letter leads to node `i + 1`. The root,
    // node `max`, leads to node 0 by every letter.
    let every = |to: u32| (0..alphabet).map(|l| (l, to)).collect::<Vec<_>>();
    let mut nodes: Vec<WriteNode> = (0..max)
        .map(|i| {
            (
                i + 1 >= min,
                if i + 1 < max {
                    every(i as u32 + 1)
                } else {
                    Vec::new()
                },
            )
        })
        .collect();
    nodes.push((false, every(0)));
    let shared: Vec<u32> = (0..max as u32).collect();
    serialize(&nodes, &shared, max as u32, out);
}

/// Reads a DAWG written by [`write`] and expands it into the solver's breadth-first trie,
/// refusing a trie of more than `max_nodes` nodes or deeper than `max_depth`. Damaged bytes
/// give an error.
pub(crate) fn expand(
    bytes: &[u8],
    max_nodes: usize,
    max_depth: usize,
) -> Result<Vec<Node>, DictionaryError> {
    let dawg = Dawg::read(bytes, max_nodes)?;
    dawg.expand(max_nodes, max_depth)
}

fn corrupt(why: &str) -> DictionaryError {
    DictionaryError::Corrupt(why.to_string())
}

/// The letters of a child mask, in order, as the trie's child indices take them.
fn letters(mask: u32) -> impl Iterator<Item = u32> {
    letters_of(mask).map(u32::from)
}

fn push_varint(out: &mut Vec<u8>, mut v: u32) {
    while v >= 0x80 {
        out.push(v as u8 | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// Reads a varint at `*at`, advancing it.
fn read_varint(bytes: &[u8], at: &mut usize) -> Result<u32, DictionaryError> {
    let mut v = 0u64;
    for shift in (0..35).step_by(7) {
        let b = *bytes
            .get(*at)
            .ok_or_else(|| corrupt("the file is cut short"))?;
        *at += 1;
        v |= u64::from(b & 0x7f) << shift;
        if b & 0x80 == 0 {
            return u32::try_from(v).map_err(|_| corrupt("a number is out of range"));
        }
    }
    Err(corrupt("a number is out of range"))
}

/// A DAWG read back: each node's child mask (bit 26: a word ends here) and its children.
struct Dawg {
    /// Child mask, plus [`ENDS`] when a word ends at the node.
    masks: Vec<u32>,
    /// Index of each node's first child in `kids`; children are in letter order.
    first: Vec<u32>,
    kids: Vec<u32>,
    root: u32,
}

/// Bit of a [`Dawg`] mask saying a word ends at the node.
const ENDS: u32 = 1 << 26;

impl Dawg {
    /// Decodes a DAWG of at most `max_nodes` nodes, checking everything: damaged bytes give
    /// an error (never a panic, and never more than `max_nodes` nodes of work or memory).
    fn read(bytes: &[u8], max_nodes: usize) -> Result<Dawg, DictionaryError> {
        let mut at = 0;
        let shared = read_varint(bytes, &mut at)? as usize;
        let count = read_varint(bytes, &mut at)? as usize;
        let body_len = read_varint(bytes, &mut at)? as usize;
        let refs_len = read_varint(bytes, &mut at)? as usize;
        let total = body_len.saturating_add(refs_len);
        if bytes.len() - at != total {
            return Err(corrupt(if bytes.len() - at < total {
                "the file is cut short"
            } else {
                "trailing bytes"
            }));
        }
        if count > max_nodes {
            return Err(corrupt(
                "the list expands to more nodes than any list may have",
            ));
        }
        if shared >= count {
            return Err(corrupt("more shared nodes than nodes"));
        }
        let (body, refs) = bytes[at..].split_at(body_len);
        let cut = || corrupt("the file is cut short");
        let mut dec = Decoder::new(body).ok_or_else(cut)?;
        let mut dec_refs = Decoder::new(refs).ok_or_else(cut)?;
        let mut model = Model::new(shared as u32);
        let unset = u32::MAX;
        let mut masks = vec![unset; shared];
        let mut first = vec![0; shared];
        let mut kids = Vec::new();
        let mut stack = Vec::new();
        let mut private = Vec::new();
        let mut root = 0;
        for top in 0..=shared {
            // The shared nodes are 0..S; the root comes after the private nodes read so far.
            if top == shared {
                root = masks.len() as u32;
                masks.push(unset);
                first.push(0);
            }
            stack.push((if top == shared { root } else { top as u32 }, NONE));
            while let Some((i, into)) = stack.pop() {
                let (start, mut mask) = (kids.len() as u32, 0u32);
                let mut prev = NONE;
                private.clear();
                let end = loop {
                    let sym = model.symbol(&mut dec, prev, into, 0);
                    if sym == END_WORD || sym == END {
                        break sym;
                    }
                    if sym >= 26 || (prev != NONE && sym <= prev) {
                        return Err(corrupt("a node's letters are out of order"));
                    }
                    mask |= 1 << sym;
                    let to = if model.is_shared(&mut dec, sym, into, false) {
                        match model.reference(&mut dec_refs, sym, 0) {
                            Some(r) if (r as usize) < shared => r,
                            _ => return Err(corrupt("a reference to a node that does not exist")),
                        }
                    } else {
                        if masks.len() >= count {
                            return Err(corrupt("more nodes than the file says"));
                        }
                        masks.push(unset);
                        first.push(0);
                        private.push(((masks.len() - 1) as u32, sym));
                        (masks.len() - 1) as u32
                    };
                    kids.push(to);
                    prev = sym;
                };
                if mask == 0 && end != END_WORD {
                    return Err(corrupt("a node ends no word and leads nowhere"));
                }
                masks[i as usize] = mask | if end == END_WORD { ENDS } else { 0 };
                first[i as usize] = start;
                stack.extend(private.iter().rev());
            }
        }
        if masks.len() != count || !dec.used_all() || !dec_refs.used_all() {
            return Err(corrupt("the file's parts do not agree"));
        }
        Ok(Dawg {
            masks,
            first,
            kids,
            root,
        })
    }

    /// The breadth-first trie, built in one pass: each node is written when its turn in the
    /// queue comes, so children always follow their parent and their counts always match.
    fn expand(&self, max_nodes: usize, max_depth: usize) -> Result<Vec<Node>, DictionaryError> {
        // The trie is its own queue: a node is pushed as a placeholder holding what its turn
        // needs (its DAWG node in the child-mask bits, how many Qu cells lead to it in the
        // first-child field, for the points of a word ending there) and is overwritten when its
        // turn comes. No second array of the trie's length is touched.
        const _: () = assert!(crate::engine::dictionary::MAX_LIST_BYTES <= 1 << 26);
        let mut nodes: Vec<Node> = Vec::with_capacity(max_nodes.min(self.masks.len() * 8));
        nodes.push(Node::new(self.root, 0, 0));
        // Breadth-first, the depth goes up by one where a level's last node has been written.
        let (mut depth, mut level_end) = (0, 1);
        let mut i = 0;
        while i < nodes.len() {
            if i == level_end {
                depth += 1;
                level_end = nodes.len();
            }
            let (d, qus) = (nodes[i].children(), nodes[i].first());
            let mask = self.masks[d as usize];
            let children = mask & (ENDS - 1);
            let pts = if mask & ENDS != 0 {
                points(depth + qus as usize)
            } else {
                0
            };
            nodes[i] = Node::new(children, pts, nodes.len() as u32);
            i += 1;
            if children == 0 {
                continue;
            }
            if depth >= max_depth {
                return Err(corrupt("a word is longer than any board can spell"));
            }
            if nodes.len() + children.count_ones() as usize > max_nodes {
                return Err(corrupt(
                    "the list expands to more nodes than any list may have",
                ));
            }
            let first = self.first[d as usize] as usize;
            for (k, l) in letters(children).enumerate() {
                let qu = (l == QU as u32) as u32;
                nodes.push(Node::new(self.kids[first + k], 0, qus + qu));
            }
        }
        Ok(nodes)
    }
}
