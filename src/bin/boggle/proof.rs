//! Proof files: `boggle break --out` writes one JSON line per finished class of a partition
//! search, `--resume` reads them back to skip finished classes, and `boggle merge` (merge.rs)
//! reads the files of every shard.

use crate::common::{Failure, LimitedLines};
use boggle::breaking::partition::{
    no_such_class, ClassRecord, Partition, PartitionClasses, MAX_ASSIGNMENTS,
};
use boggle::breaking::{Survivor, MAX_FOUND};
use boggle::engine::board::{parse_size, Board};
use boggle::engine::{escaped, quoted_to};
use boggle::engine::{grouped, unit};
use boggle::files::{io_reason, shown_name};
use serde::de::{Deserializer, IgnoredAny, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::io::{self, BufWriter, Write};

/// Which search a line belongs to: lines of different searches never mix.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchKey {
    /// The partition as the engine writes it.
    pub partition: String,
    /// Board size, `RxC`.
    pub size: String,
    /// The target score.
    pub target: u32,
    /// How many classes the whole search has.
    pub classes: usize,
    /// The class ids this run covers: "all", or ids and ranges such as `0-1999,4000`.
    pub selection: String,
    /// The word list, as [`boggle::word_lists::words_key`] writes it (empty in lines that do not record it).
    #[serde(default)]
    pub words: String,
}

/// A search as error messages name it.
pub fn describe(k: &SearchKey) -> String {
    let words = if k.words.is_empty() {
        "word list not recorded"
    } else {
        &k.words
    };
    format!("{} {} target {}, {words}", k.partition, k.size, k.target)
}

/// A run's selection of classes as messages name it: "every class", or "classes 0-20" cut
/// short after 40 characters.
fn selection_text(k: &SearchKey) -> String {
    if k.selection == "all" {
        return "every class".into();
    }
    let mut ids: String = k.selection.chars().take(40).collect();
    if ids.len() < k.selection.len() {
        ids.push('…');
    }
    format!("classes {ids}")
}

/// Why a line's key is not the key of the lines before it: another search, or the same search
/// run over another selection of classes (which `merge` and `--resume` do not mix either).
fn other_key(line: &SearchKey, first: &SearchKey) -> String {
    let same_search = SearchKey {
        selection: first.selection.clone(),
        ..line.clone()
    };
    let same_but_list = SearchKey {
        words: first.words.clone(),
        ..same_search.clone()
    };
    if same_search == *first {
        format!(
            "a line of a run over {}, where this one is over {}: merge the files of one command's shards, \
             and resume a run with the same selection",
            selection_text(line),
            selection_text(first)
        )
    } else if !line.words.is_empty() && !first.words.is_empty() && same_but_list == *first {
        format!(
            "a line of this search over another word list ({}), where this one's has {}: the \
             files of one search share a list, and a run resumes with the --wordlist it started \
             with",
            escaped(&line.words),
            escaped(&first.words)
        )
    } else if describe(line) == describe(first) {
        // Only the count of classes differs, which follows from the partition and size: one
        // of the two was edited.
        format!(
            "a line that gives its search ({}) {} classes, where this one has {}: the files are damaged or edited",
            escaped(&describe(line)),
            grouped(line.classes),
            grouped(first.classes)
        )
    } else {
        format!(
            "a line of another search ({}), not of this one ({})",
            escaped(&describe(line)),
            escaped(&describe(first))
        )
    }
}

impl SearchKey {
    /// Refuses a count of classes no partition search has.
    fn check_classes(&self) -> Result<(), Failure> {
        let most = MAX_ASSIGNMENTS as usize;
        if self.classes > most {
            return Err(Failure(format!(
                "{} classes: no partition search has more than {}",
                grouped(self.classes),
                grouped(most)
            )));
        }
        Ok(())
    }

    /// The search the key names, checked to have the classes the key says: a file of
    /// another partition, or one edited, cannot pass.
    fn search(&self) -> Result<PartitionClasses, Failure> {
        self.check_classes()?;
        let damaged = |what: String| Failure(format!("{what}: the files are damaged or edited"));
        let (rows, cols) = parse_size(&self.size)
            .map_err(|e| damaged(format!("the files' size {}: {e}", shown_name(&self.size))))?;
        let search = Partition::parse(&self.partition)
            .and_then(|part| PartitionClasses::new(part, rows, cols))
            .map_err(|e| damaged(format!("the files' partition: {e}")))?;
        if search.len() != self.classes {
            return Err(damaged(format!(
                "the files say {} {} has {} classes, but it has {}",
                escaped(&self.partition),
                self.size,
                grouped(self.classes),
                grouped(search.len())
            )));
        }
        Ok(search)
    }

    /// The ids the run covers, in increasing order.
    pub fn ids(&self) -> Result<Vec<usize>, Failure> {
        self.check_classes()?;
        if self.selection == "all" {
            return Ok((0..self.classes).collect());
        }
        let mut ids = Vec::new();
        for p in self.selection.split(',') {
            let (a, b) = p.split_once('-').unwrap_or((p, p));
            match (a.parse::<usize>(), b.parse::<usize>()) {
                (Ok(a), Ok(b)) if a <= b && b < self.classes => ids.extend(a..=b),
                (Ok(a), Ok(b)) if a <= b => {
                    return Err(Failure(format!(
                        "the run's selection ({}) names {}",
                        escaped(&selection_text(self)),
                        no_such_class(format!("class {}", a.max(self.classes)), self.classes)
                    )))
                }
                _ => {
                    return Err(Failure(format!(
                        "the run's selection ({}) is not class ids and ranges",
                        escaped(&selection_text(self))
                    )))
                }
            }
        }
        Ok(ids)
    }
}

/// Ids as compact ranges, `0-4,7,9-12`.
pub fn set_text(ids: &std::collections::BTreeSet<usize>) -> String {
    let ids: Vec<usize> = ids.iter().copied().collect();
    range_list(&ids, usize::MAX).join(",")
}

/// Consecutive runs of `ids` (sorted) as `a-b` or `a`, at most `most` of them.
pub fn range_list(ids: &[usize], most: usize) -> Vec<String> {
    let mut parts = Vec::new();
    let mut i = 0;
    while i < ids.len() && parts.len() < most {
        let mut j = i;
        while j + 1 < ids.len() && ids[j + 1] == ids[j] + 1 {
            j += 1;
        }
        parts.push(if i == j {
            ids[i].to_string()
        } else {
            format!("{}-{}", ids[i], ids[j])
        });
        i = j + 1;
    }
    parts
}

/// One line of a proof file, as written ([`ReadLine`] reads it back).
#[derive(Clone, Debug, Serialize)]
pub struct Line {
    /// The search the class belongs to, repeated on every line so files can be checked to
    /// belong together.
    #[serde(flatten)]
    pub key: SearchKey,
    /// The class and what breaking it found.
    #[serde(flatten)]
    pub record: ClassRecord,
}

/// A line of a proof file as read: [`Line`]'s fields spelled out, since serde reads flattened
/// fields by first holding the whole line as a tree of values (ten times the line's size for a
/// long list of boards), and with the boards past [`MAX_FOUND`] counted, not kept.
#[derive(Deserialize)]
struct ReadLine {
    partition: String,
    size: String,
    target: u32,
    classes: usize,
    selection: String,
    #[serde(default)]
    words: String,
    id: usize,
    class: String,
    bound: u32,
    found: Claimed,
    secs: f64,
    nodes: u64,
    peak_bytes: u64,
}

/// The boards a line claims: the first [`MAX_FOUND`] of them, and how many there are.
struct Claimed {
    boards: Vec<Survivor>,
    count: u64,
}

impl<'de> Deserialize<'de> for Claimed {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Claimed, D::Error> {
        struct Boards;
        impl<'de> Visitor<'de> for Boards {
            type Value = Claimed;

            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a list of boards")
            }

            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Claimed, A::Error> {
                let mut boards = Vec::new();
                while (boards.len() as u64) < MAX_FOUND {
                    match seq.next_element::<Survivor>()? {
                        Some(b) => boards.push(b),
                        None => break,
                    }
                }
                let mut count = boards.len() as u64;
                while seq.next_element::<IgnoredAny>()?.is_some() {
                    count += 1;
                }
                Ok(Claimed { boards, count })
            }
        }
        d.deserialize_seq(Boards)
    }
}

impl ReadLine {
    /// The line's search and class record, and how many boards it claims.
    fn split(self) -> (SearchKey, ClassRecord, u64) {
        let key = SearchKey {
            partition: self.partition,
            size: self.size,
            target: self.target,
            classes: self.classes,
            selection: self.selection,
            words: self.words,
        };
        let record = ClassRecord {
            id: self.id,
            class: self.class,
            bound: self.bound,
            found: self.found.boards,
            secs: self.secs,
            nodes: self.nodes,
            peak_bytes: self.peak_bytes,
        };
        (key, record, self.found.count)
    }
}

/// How much of a class's text a message quotes from a file: a 6x6 class with a few letters a
/// cell, whole.
const CLASS_CHARS: usize = 160;

/// The longest line read from a proof file, 128 MB: a class's line with every board a search
/// keeps ([`MAX_FOUND`], under 128 bytes each) fits with room to spare, and a hostile file
/// cannot fill memory.
const MAX_PROOF_LINE: usize = 128 << 20;
const _: () = assert!(MAX_PROOF_LINE > 128 * MAX_FOUND as usize + 64 * 1024);

/// The finished classes in proof files, checked to belong to one search.
pub struct Proofs {
    /// The search every line belongs to: the one asked for, else the first line's; `None`
    /// when none was asked for and no line was read.
    pub key: Option<SearchKey>,
    /// Each class id with the records found for it (more than one: broken twice).
    pub records: BTreeMap<usize, Vec<ClassRecord>>,
    /// Lines that could not be read (a run killed mid-line leaves one), as `file:line`.
    pub unreadable: Vec<String>,
}

impl Proofs {
    /// Reads `files`; every line must belong to the same search as `want` (when given) and as
    /// each other. A line whose class text is not the class its id stands for, or that lists a
    /// board outside that class, is an error (the file was damaged or edited), and so are more
    /// boards, on one line or in all, than a search keeps ([`MAX_FOUND`]): memory stays
    /// bounded whatever the files claim.
    pub fn read(files: &[String], want: Option<&SearchKey>) -> Result<Proofs, Failure> {
        let mut p = Proofs {
            key: want.cloned(),
            records: BTreeMap::new(),
            unreadable: Vec::new(),
        };
        let mut search = want.map(SearchKey::search).transpose()?;
        let mut claimed: u64 = 0;
        for file in files {
            let at = escaped(file);
            let cannot = |e: io::Error| {
                Failure(format!(
                    "cannot read {}: {}",
                    shown_name(file),
                    io_reason(&e)
                ))
            };
            let f = std::fs::File::open(file).map_err(cannot)?;
            for (n, line) in LimitedLines::new(io::BufReader::new(f), MAX_PROOF_LINE).enumerate() {
                let line = line.map_err(cannot)?;
                let Some(line) = line else {
                    p.unreadable
                        .push(format!("{at}:{} (longer than any class's line)", n + 1));
                    continue;
                };
                if line.trim().is_empty() {
                    continue;
                }
                let Ok(read) = serde_json::from_str::<ReadLine>(&line) else {
                    p.unreadable.push(format!("{at}:{}", n + 1));
                    continue;
                };
                let (key, record, count) = read.split();
                let l = Line { key, record };
                let here = format!("{at}:{}", n + 1);
                let search = match (&p.key, &search) {
                    (Some(k), _) if *k != l.key => {
                        return Err(Failure(format!("{here}: {}", other_key(&l.key, k))))
                    }
                    (Some(_), Some(s)) => s,
                    _ => {
                        p.key = Some(l.key.clone());
                        search.insert(l.key.search()?)
                    }
                };
                let too_many = |what: &str| {
                    Failure(format!(
                        "{here}: {what} more than {} boards, more than a search keeps: the file is damaged or edited",
                        grouped(MAX_FOUND)
                    ))
                };
                if count > MAX_FOUND {
                    return Err(too_many("the line lists"));
                }
                claimed += count;
                if claimed > MAX_FOUND {
                    return Err(too_many("with this line the files list"));
                }
                let secs = l.record.secs;
                if l.record.id >= l.key.classes
                    || !boards_fit(&l)
                    || !(secs.is_finite() && secs >= 0.0)
                {
                    p.unreadable.push(here);
                    continue;
                }
                check_class(&here, search, &l.record)?;
                p.records.entry(l.record.id).or_default().push(l.record);
            }
        }
        Ok(p)
    }

    /// Says on stderr which lines were skipped as not finished classes (at most the first 10,
    /// then how many more), each line starting with `who`.
    pub fn warn_unreadable(&self, who: &str) {
        const SHOWN: usize = 10;
        for u in self.unreadable.iter().take(SHOWN) {
            say!("{who}: {u}: not a finished class (skipped)");
        }
        if self.unreadable.len() > SHOWN {
            say!(
                "{who}: and {} more such {}",
                grouped(self.unreadable.len() - SHOWN),
                unit(self.unreadable.len() - SHOWN, "line", "lines")
            );
        }
    }
}

/// Checks a line (at `here`) against the search: its class text must be the class its id
/// stands for, and every board it lists a board of that class, so a line moved to another
/// class, or edited, cannot pass.
fn check_class(here: &str, search: &PartitionClasses, r: &ClassRecord) -> Result<(), Failure> {
    let damaged = |what: String| Failure(format!("{here}: {what}: the file is damaged or edited"));
    let class = search.class(r.id).to_string();
    if r.class != class {
        return Err(damaged(format!(
            "the line gives class {} as '{}', but class {} is '{class}'",
            r.id,
            quoted_to(&r.class, CLASS_CHARS),
            r.id
        )));
    }
    let (rows, cols) = search.shape();
    for Survivor { board, .. } in &r.found {
        let inside = Board::parse(board, Some((rows, cols))).is_ok_and(|b| search.holds(r.id, &b));
        if !inside {
            return Err(damaged(format!(
                "board {} is not a board of class {}, under which the line lists it",
                escaped(board),
                r.id
            )));
        }
    }
    Ok(())
}

/// True when every board a line found is a board of its search's size: a damaged line's
/// boards are not boards `merge` can put in canonical form.
fn boards_fit(l: &Line) -> bool {
    parse_size(&l.key.size).is_ok_and(|size| {
        l.record
            .found
            .iter()
            .all(|s| Board::parse(&s.board, Some(size)).is_ok())
    })
}

/// Appends lines to a proof file, flushing each so a killed run loses only classes in progress.
/// It holds a lock on the file while it is open, so that two runs resumed into one file cannot
/// both break the classes it lacks.
pub struct Writer {
    out: BufWriter<std::fs::File>,
    key: SearchKey,
}

impl Writer {
    /// Opens `path` for appending (it is created when missing) and locks it, refusing a file
    /// another run holds (where the system cannot lock files, the run goes on unlocked). A
    /// file that a killed run left ending inside a line gets that line ended first, so the cut
    /// class stays a line of its own (which `--resume` and `merge` skip) instead of swallowing
    /// the next one.
    pub fn append(path: &str, key: SearchKey) -> Result<Writer, Failure> {
        let cannot = |e: io::Error| {
            Failure(format!(
                "cannot write {}: {}",
                shown_name(path),
                io_reason(&e)
            ))
        };
        let mut f = std::fs::OpenOptions::new()
            .create(true)
            .read(true)
            .append(true)
            .open(path)
            .map_err(cannot)?;
        if let Err(std::fs::TryLockError::WouldBlock) = f.try_lock() {
            return Err(Failure(format!(
                "--out {}: another run is writing it: wait for that run to end, or give this \
                 one another --out file",
                shown_name(path)
            )));
        }
        if ends_inside_a_line(&mut f).map_err(cannot)? {
            f.write_all(b"\n").map_err(cannot)?;
        }
        Ok(Writer {
            out: BufWriter::new(f),
            key,
        })
    }

    /// Writes one finished class.
    pub fn write(&mut self, record: ClassRecord) -> io::Result<()> {
        let line = Line {
            key: self.key.clone(),
            record,
        };
        serde_json::to_writer(&mut self.out, &line)?;
        self.out.write_all(b"\n")?;
        self.out.flush()
    }
}

/// True when `f` is not empty and its last byte is not a newline.
fn ends_inside_a_line(f: &mut std::fs::File) -> io::Result<bool> {
    use std::io::{Read, Seek, SeekFrom};
    if f.metadata()?.len() == 0 {
        return Ok(false);
    }
    f.seek(SeekFrom::End(-1))?;
    let mut last = [0u8];
    f.read_exact(&mut last)?;
    Ok(last[0] != b'\n')
}
