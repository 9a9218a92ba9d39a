//! A word list's trie with equal subtrees shared (a minimal DAWG), written as bytes made for
//! size: the form in which compiled lists travel to the page. ENABLE2K's 389,000 trie nodes
//! become 54,000 DAWG nodes; expanding them back into the solver's breadth-first trie takes a
//! single pass.
//!
//! Two subtrees are equal when their nodes end words in the same places; points are not stored
//! (they follow from a word's length, counted again on expansion), so `-ing` endings of every
//! length share one subtree. Nodes reached from two or more places are *shared*; every other
//! node has one parent and is written inside it.
//!
//! Layout: the shared-node count `S` and the length of the letter stream (LEB128 varints), the
//! letter stream, then the reference stream (varints, to the end). The letter stream holds the
//! shared nodes' subtrees (most referenced first, so shared node `i` is `i`), then the root's.
//! A subtree is written in preorder: a node's child letters, each a byte `letter` or
//! `letter | 0x20` (a shared child, whose index is the next varint of the reference stream), the
//! byte `END_WORD` or `END` (whether a word ends at the node), then the subtrees of its other
//! children in letter order. Keeping letters and references apart lets the host's compression
//! (gzip, brotli) see each kind of data on its own.

use crate::engine::board::QU;
use crate::engine::dictionary::{DictionaryError, Node, MAX_WORD_CELLS, ROOT};
use crate::engine::scoring::points;
use std::collections::HashMap;

/// Ends a node at which a word ends.
const END_WORD: u8 = 30;
/// Ends a node at which no word ends.
const END: u8 = 31;
/// Marks a child letter as a shared node (its index is in the reference stream).
const SHARED: u8 = 0x20;

/// Writes the DAWG of a breadth-first trie (see [`crate::engine::dictionary::Node`]).
pub(crate) fn write(trie: &[Node], out: &mut Vec<u8>) {
    // Each trie node's DAWG node, found bottom-up: children come after parents in the trie.
    let mut ids = vec![0u32; trie.len()];
    let mut known: HashMap<(bool, Vec<(u8, u32)>), u32> = HashMap::new();
    let mut nodes: Vec<(bool, Vec<(u8, u32)>)> = Vec::new();
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
    let mut rank = vec![u32::MAX; nodes.len()];
    for (r, &i) in shared.iter().enumerate() {
        rank[i as usize] = r as u32;
    }

    let (mut text, mut refs) = (Vec::new(), Vec::new());
    for &top in shared.iter().chain([&root]) {
        let mut stack = vec![top];
        while let Some(i) = stack.pop() {
            let (ends, kids) = &nodes[i as usize];
            for &(l, to) in kids {
                if rank[to as usize] == u32::MAX {
                    text.push(l);
                } else {
                    text.push(l | SHARED);
                    push_varint(&mut refs, rank[to as usize]);
                }
            }
            text.push(if *ends { END_WORD } else { END });
            let private = kids.iter().rev().map(|&(_, to)| to);
            stack.extend(private.filter(|&to| rank[to as usize] == u32::MAX));
        }
    }
    push_varint(out, shared.len() as u32);
    push_varint(out, text.len() as u32);
    out.extend_from_slice(&text);
    out.extend_from_slice(&refs);
}

/// Writes the DAWG of every word of `min..=max` letters over the first `alphabet` letters:
/// one shared node a length, so a few dozen bytes expand into a trie of
/// `alphabet + alphabet^2 + ... + alphabet^max` nodes below the root.
pub(crate) fn write_every_word(alphabet: u8, min: usize, max: usize, out: &mut Vec<u8>) {
    let (mut text, mut refs) = (Vec::new(), Vec::new());
    // Shared node `i` is the node after `i + 1` letters; each letter leads to node `i + 1`.
    for i in 0..max {
        if i + 1 < max {
            for l in 0..alphabet {
                text.push(l | SHARED);
                push_varint(&mut refs, i as u32 + 1);
            }
        }
        text.push(if i + 1 >= min { END_WORD } else { END });
    }
    // The root: each letter leads to shared node 0.
    for l in 0..alphabet {
        text.push(l | SHARED);
        push_varint(&mut refs, 0);
    }
    text.push(END);
    push_varint(out, max as u32);
    push_varint(out, text.len() as u32);
    out.extend_from_slice(&text);
    out.extend_from_slice(&refs);
}

/// Reads a DAWG written by [`write`] and expands it into the solver's breadth-first trie,
/// refusing a trie of more than `max_nodes` nodes or deeper than `max_depth`. Damaged bytes
/// give an error.
pub(crate) fn expand(
    bytes: &[u8],
    max_nodes: usize,
    max_depth: usize,
) -> Result<Vec<Node>, DictionaryError> {
    let dawg = Dawg::read(bytes)?;
    dawg.expand(max_nodes, max_depth)
}

fn corrupt(why: &str) -> DictionaryError {
    DictionaryError::Corrupt(why.to_string())
}

/// The letters of a child mask, in order.
fn letters(mut mask: u32) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let l = mask.trailing_zeros();
            mask &= mask - 1;
            l
        })
    })
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
    fn read(bytes: &[u8]) -> Result<Dawg, DictionaryError> {
        let mut at = 0;
        let shared = read_varint(bytes, &mut at)? as usize;
        let text_len = read_varint(bytes, &mut at)? as usize;
        let text = bytes
            .get(at..at.saturating_add(text_len))
            .ok_or_else(|| corrupt("the file is cut short"))?;
        let (refs, mut ref_at) = (&bytes[at + text_len..], 0);
        // Every node, the root too, takes at least its end byte: this bounds what is allocated.
        if shared >= text.len() {
            return Err(corrupt("the file is cut short"));
        }
        let unset = u32::MAX;
        let mut masks = vec![unset; shared];
        let mut first = vec![0; shared];
        let mut kids = Vec::with_capacity(text.len());
        let mut t = 0;
        let mut stack = Vec::new();
        let mut private = Vec::new();
        let mut root = 0;
        for top in 0..=shared {
            // The shared nodes are 0..S; the root comes after the private nodes written so far.
            if top == shared {
                root = masks.len() as u32;
                masks.push(unset);
                first.push(0);
            }
            stack.push(if top == shared { root } else { top as u32 });
            while let Some(i) = stack.pop() {
                let (start, mut mask) = (kids.len() as u32, 0u32);
                private.clear();
                loop {
                    let b = *text
                        .get(t)
                        .ok_or_else(|| corrupt("the file is cut short"))?;
                    t += 1;
                    if b == END_WORD || b == END {
                        mask |= if b == END_WORD { ENDS } else { 0 };
                        break;
                    }
                    let l = b & !SHARED;
                    if l >= 26 || mask >> l != 0 {
                        return Err(corrupt("a node's letters are out of order"));
                    }
                    mask |= 1 << l;
                    let to = if b & SHARED != 0 {
                        let r = read_varint(refs, &mut ref_at)?;
                        if r as usize >= shared {
                            return Err(corrupt("a reference to a node that does not exist"));
                        }
                        r
                    } else {
                        masks.push(unset);
                        first.push(0);
                        private.push((masks.len() - 1) as u32);
                        (masks.len() - 1) as u32
                    };
                    kids.push(to);
                }
                if mask == 0 {
                    return Err(corrupt("a node ends no word and leads nowhere"));
                }
                masks[i as usize] = mask;
                first[i as usize] = start;
                stack.extend(private.iter().rev());
            }
        }
        if t != text.len() || ref_at != refs.len() {
            return Err(corrupt("trailing bytes"));
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
        // Per trie node, what the queue needs of it: its DAWG node (low bits) and how many Qu
        // cells lead to it (top bits), for the points of the word ending there. The DAWG
        // node ids are below 2^26 (each takes a byte of a list of at most 16 MB).
        const QU_SHIFT: u32 = 26;
        const _: () = assert!(crate::engine::dictionary::MAX_LIST_BYTES <= 1 << QU_SHIFT);
        const _: () = assert!(MAX_WORD_CELLS < 1 << (32 - QU_SHIFT));
        let mut queue: Vec<u32> = Vec::with_capacity(max_nodes.min(self.masks.len() * 8));
        let mut nodes: Vec<Node> = Vec::with_capacity(queue.capacity());
        queue.push(self.root);
        // Breadth-first, the depth goes up by one where a level's last node has been written.
        let (mut depth, mut level_end) = (0, 1);
        let mut i = 0;
        while i < queue.len() {
            if i == level_end {
                depth += 1;
                level_end = queue.len();
            }
            let (d, qus) = (queue[i] & ((1 << QU_SHIFT) - 1), queue[i] >> QU_SHIFT);
            i += 1;
            let mask = self.masks[d as usize];
            let children = mask & (ENDS - 1);
            let pts = if mask & ENDS != 0 {
                points(depth + qus as usize)
            } else {
                0
            };
            nodes.push(Node::new(children, pts, queue.len() as u32));
            if children == 0 {
                continue;
            }
            if depth >= max_depth {
                return Err(corrupt("a word is longer than any board can spell"));
            }
            if queue.len() + children.count_ones() as usize > max_nodes {
                return Err(corrupt(
                    "the list expands to more nodes than any list may have",
                ));
            }
            let first = self.first[d as usize] as usize;
            for (k, l) in letters(children).enumerate() {
                let qu = (l == QU as u32) as u32;
                queue.push(self.kids[first + k] | (qus + qu) << QU_SHIFT);
            }
        }
        Ok(nodes)
    }
}
