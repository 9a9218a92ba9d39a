//! The partition grammar: disjoint letter groups separated by spaces, with optional lists for
//! corners, edges and centre cells (`aeijou bcdfgmpqvwxz hklnrsty, corner:aeiosuy
//! bcdfghjklmnpqrtvwxz`), read into [`Partition`] and written back the engine's way.

use super::PartitionError;
use crate::bounds::class::mask_text;
use crate::engine::board::ALL_LETTERS_MASK;
use std::fmt;

/// Where a cell sits, for partitions whose groups depend on it. Rotations and reflections
/// keep every cell's kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellKind {
    /// One of the four corners.
    Corner,
    /// On the border, not a corner.
    Edge,
    /// Not on the border.
    Centre,
}

impl CellKind {
    /// The kind of `cell` on a `rows x cols` board.
    pub fn of(cell: usize, rows: usize, cols: usize) -> CellKind {
        let (r, c) = (cell / cols, cell % cols);
        let row_border = r == 0 || r + 1 == rows;
        let col_border = c == 0 || c + 1 == cols;
        match (row_border, col_border) {
            (true, true) => CellKind::Corner,
            (false, false) => CellKind::Centre,
            _ => CellKind::Edge,
        }
    }

    const ALL: [CellKind; 3] = [CellKind::Corner, CellKind::Edge, CellKind::Centre];

    fn label(self) -> &'static str {
        match self {
            CellKind::Corner => "corner",
            CellKind::Edge => "edge",
            CellKind::Centre => "centre",
        }
    }

    /// The kind's cells, as messages name them.
    fn plural(self) -> &'static str {
        match self {
            CellKind::Corner => "corners",
            CellKind::Edge => "edges",
            CellKind::Centre => "centre cells",
        }
    }
}

/// Disjoint groups of letters; each cell of a class takes one whole group. Corners, edges and
/// centre cells may each have their own groups: `aeijou bcdfgmpqvwxz hklnrsty, corner:aeiosuy
/// bcdfghjklmnpqrtvwxz` gives the corners two groups and every other cell three.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Partition {
    /// The unlabelled groups, then those for corners, edges and centre cells (empty: use the
    /// unlabelled ones).
    lists: [Vec<u32>; 4],
}

impl Partition {
    /// Reads groups separated by whitespace (or commas), each a run of letters, each letter
    /// once (in one group of its list, once in that group). A word ending
    /// in `:` (`corner:`, `edge:`, `centre:` or `center:`) starts the groups for those cells;
    /// the groups before any label are for the other cells.
    ///
    /// ```
    /// use boggle::breaking::partition::Partition;
    /// let p = Partition::parse("bdfgjqvwxz aeiou lnrsy chkmpt").unwrap();
    /// assert_eq!(p.groups().len(), 4);
    /// assert!(Partition::parse("abc cde").is_err());
    /// let p = Partition::parse("aeijou bcdfgmpqvwxz hklnrsty, corner:aeiosuy bcdfghjklmnpqrtvwxz").unwrap();
    /// assert_eq!(p.to_string(), "aeijou bcdfgmpqvwxz hklnrsty, corner:aeiosuy bcdfghjklmnpqrtvwxz");
    /// ```
    pub fn parse(text: &str) -> Result<Partition, PartitionError> {
        let mut lists: [Vec<u32>; 4] = Default::default();
        let mut seen = [0u32; 4];
        let mut labelled = [false; 4];
        let mut list = 0;
        for word in text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
        {
            let mut word = word;
            if let Some((label, rest)) = word.split_once(':') {
                let l = label.to_ascii_lowercase();
                let kind = match l.as_str() {
                    "corner" | "corners" => 1,
                    "edge" | "edges" => 2,
                    "centre" | "center" | "centres" | "centers" => 3,
                    _ => return Err(PartitionError::BadLabel { label: l }),
                };
                if labelled[kind] {
                    return Err(PartitionError::Repeated {
                        label: CellKind::ALL[kind - 1].label().into(),
                    });
                }
                labelled[kind] = true;
                list = kind;
                word = rest;
                if word.is_empty() {
                    continue;
                }
            }
            let name = match list {
                0 => String::new(),
                k => format!("{}: ", CellKind::ALL[k - 1].label()),
            };
            let mut mask = 0u32;
            for ch in word.chars() {
                if !ch.is_ascii_alphabetic() {
                    return Err(PartitionError::BadChar {
                        list: name,
                        group: lists[list].len() + 1,
                        ch,
                    });
                }
                let bit = 1u32 << (ch.to_ascii_lowercase() as u8 - b'a');
                if mask & bit != 0 {
                    return Err(PartitionError::Doubled {
                        list: name,
                        group: lists[list].len() + 1,
                        letter: ch.to_ascii_lowercase(),
                    });
                }
                if seen[list] & bit != 0 {
                    return Err(PartitionError::Overlap {
                        list: name,
                        letter: ch.to_ascii_lowercase(),
                    });
                }
                mask |= bit;
            }
            seen[list] |= mask;
            lists[list].push(mask);
        }
        if let Some(kind) = (1..4).find(|&k| labelled[k] && lists[k].is_empty()) {
            return Err(PartitionError::NoGroups {
                label: CellKind::ALL[kind - 1].label().into(),
            });
        }
        if lists.iter().all(|l| l.is_empty()) {
            return Err(PartitionError::Empty);
        }
        if lists[0].is_empty() {
            let bare: Vec<&str> = CellKind::ALL
                .iter()
                .filter(|k| lists[1 + **k as usize].is_empty())
                .map(|k| k.plural())
                .collect();
            if !bare.is_empty() {
                return Err(PartitionError::Uncovered {
                    cells: bare.join(" and "),
                });
            }
        }
        Ok(Partition { lists })
    }

    /// The unlabelled groups as letter masks, in the order given (those of the first labelled
    /// list when every kind of cell has its own).
    pub fn groups(&self) -> &[u32] {
        self.lists
            .iter()
            .find(|l| !l.is_empty())
            .expect("never empty")
    }

    /// The groups a cell of this kind takes.
    pub fn groups_for(&self, kind: CellKind) -> &[u32] {
        let own = &self.lists[1 + kind as usize];
        if own.is_empty() {
            &self.lists[0]
        } else {
            own
        }
    }

    /// The letters (as a mask) that no group holds on some cell of a `rows x cols` board:
    /// boards with them there are in no class, so a search of this partition says nothing
    /// about them.
    pub fn missing_letters(&self, rows: usize, cols: usize) -> u32 {
        (0..rows * cols)
            .map(|cell| self.groups_for(CellKind::of(cell, rows, cols)))
            .map(|l| ALL_LETTERS_MASK & !l.iter().fold(0, |a, g| a | g))
            .fold(0, |a, m| a | m)
    }

    /// The warning a search of this partition on `rows x cols` owes its reader when some letter
    /// is in no group ([`Partition::missing_where`]): it proves nothing of the boards with it.
    pub fn missing_note(&self, rows: usize, cols: usize) -> Option<String> {
        self.missing_where(rows, cols).map(|missing| {
            format!(
                "no group holds {missing}: boards with them there are in no class, so this \
                 search says nothing about them"
            )
        })
    }

    /// Which letters no group holds, and where, for messages: `z on any cell`, `yz on the
    /// corners`, `y on the corners and z on the edges or centre cells`; `None` when every cell
    /// takes every letter. Letters missing on the same kinds of cell are named together.
    pub fn missing_where(&self, rows: usize, cols: usize) -> Option<String> {
        let kinds: Vec<CellKind> = CellKind::ALL
            .into_iter()
            .filter(|&k| (0..rows * cols).any(|cell| CellKind::of(cell, rows, cols) == k))
            .collect();
        // For each letter, the kinds of cell (as bits, in `kinds` order) where no group holds it.
        let lacking = |letter: u32| {
            kinds.iter().enumerate().fold(0u8, |bits, (i, &k)| {
                let held = self.groups_for(k).iter().any(|g| g & (1 << letter) != 0);
                if held {
                    bits
                } else {
                    bits | 1 << i
                }
            })
        };
        let mut by_place: Vec<(u8, u32)> = Vec::new();
        for letter in 0..26 {
            let bits = lacking(letter);
            if bits == 0 {
                continue;
            }
            match by_place.iter_mut().find(|(b, _)| *b == bits) {
                Some((_, mask)) => *mask |= 1 << letter,
                None => by_place.push((bits, 1 << letter)),
            }
        }
        let every = (1u8 << kinds.len()) - 1;
        let place = |bits: u8| {
            if bits == every {
                return "any cell".to_string();
            }
            let names: Vec<&str> = (0..kinds.len())
                .filter(|i| bits & 1 << i != 0)
                .map(|i| kinds[i].plural())
                .collect();
            format!("the {}", names.join(" or "))
        };
        let parts: Vec<String> = by_place
            .iter()
            .map(|&(bits, mask)| format!("{} on {}", mask_text(mask), place(bits)))
            .collect();
        (!parts.is_empty()).then(|| parts.join(" and "))
    }
}

impl fmt::Display for Partition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = |l: &[u32]| {
            l.iter()
                .map(|&g| mask_text(g))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let mut parts = Vec::new();
        if !self.lists[0].is_empty() {
            parts.push(text(&self.lists[0]));
        }
        for (k, kind) in CellKind::ALL.iter().enumerate() {
            if !self.lists[k + 1].is_empty() {
                parts.push(format!("{}:{}", kind.label(), text(&self.lists[k + 1])));
            }
        }
        f.write_str(&parts.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_partitions_and_explains_mistakes() {
        let p = Partition::parse(" bdfgjqvwxz aeiou, lnrsy chkmpt ").unwrap();
        assert_eq!(p.groups().len(), 4);
        assert_eq!(p.missing_letters(3, 3), 0);
        assert_eq!(p.to_string(), "bdfgjqvwxz aeiou lnrsy chkmpt");
        let letters = |p: &str, rows, cols| {
            mask_text(Partition::parse(p).unwrap().missing_letters(rows, cols))
        };
        assert_eq!(letters("bdfgjqvwxz aeiou lnrsy chkmpt", 3, 3), ".");
        assert_eq!(letters("abcdefghijklmnopqrstuvwxy", 3, 3), "z");
        // Missing on the corners only, or on the edges only.
        let corners = "abcdefghijklmnopqrstuvwxyz, corner:ab cdefghijklmnopqrstuvwx";
        assert_eq!(letters(corners, 3, 3), "yz");
        let edges = "abcdefghijklmnopqrstuvwxyz, edge:abcdefghijklmnopqrstuvwx";
        assert_eq!(letters(edges, 3, 4), "yz");
        // A 2x2 board has no edges.
        assert_eq!(letters(edges, 2, 2), ".");
        // Where they are missing, for messages.
        let place = |p: &str, rows, cols| Partition::parse(p).unwrap().missing_where(rows, cols);
        assert_eq!(place("bdfgjqvwxz aeiou lnrsy chkmpt", 4, 4), None);
        assert_eq!(
            place("abcdefghijklmnopqrstuvwxy", 3, 3).unwrap(),
            "z on any cell"
        );
        assert_eq!(place(corners, 3, 3).unwrap(), "yz on the corners");
        assert_eq!(place(edges, 3, 4).unwrap(), "yz on the edges");
        let both = "abcdefghijklmnopqrstuvwxyz, corner:abcdefghijklmnopqrstuvwxz, edge:abcdefghijklmnopqrstuvwxy";
        assert_eq!(
            place(both, 4, 4).unwrap(),
            "y on the corners and z on the edges"
        );
        let border = "abcdefghijklmnopqrstuvwxyz, corner:abcdefghijklmnopqrstuvwx, edge:abcdefghijklmnopqrstuvwx";
        assert_eq!(place(border, 4, 4).unwrap(), "yz on the corners or edges");
        // On a 2x2 board the corners are every cell.
        assert_eq!(place(corners, 2, 2).unwrap(), "yz on any cell");
        assert_eq!(
            place(
                "abcdefghijklmnopqrstuvwxy, corner:abcdefghijklmnopqrstuvwx",
                3,
                3
            )
            .unwrap(),
            "y on the corners and z on any cell"
        );
        assert_eq!(
            Partition::parse("abc cde").unwrap_err().to_string(),
            "'c' is in two groups: each letter may be in one group only"
        );
        // A letter given twice in one group is refused, as a letter in two groups is: the
        // message names the group and never repeats it whole (it may be thousands of letters).
        assert_eq!(
            Partition::parse("aab cd").unwrap_err(),
            PartitionError::Doubled {
                list: String::new(),
                group: 1,
                letter: 'a'
            }
        );
        assert_eq!(
            Partition::parse("aab cd").unwrap_err().to_string(),
            "group 1: 'a' is given twice: a group names each of its letters once"
        );
        assert_eq!(
            Partition::parse(&"a".repeat(5000)).unwrap_err().to_string(),
            "group 1: 'a' is given twice: a group names each of its letters once"
        );
        // Case does not make another letter; the list and group are named as for other mistakes.
        assert_eq!(
            Partition::parse("ab cdC, corner:ab cd efE")
                .unwrap_err()
                .to_string(),
            "group 2: 'c' is given twice: a group names each of its letters once"
        );
        assert_eq!(
            Partition::parse("ab cd, corner:ab cd efE")
                .unwrap_err()
                .to_string(),
            "corner: group 3: 'e' is given twice: a group names each of its letters once"
        );
        // The same letter in two lists is no mistake: each list holds every letter once.
        assert!(Partition::parse("ab cd, corner:a bcd").is_ok());
        // Every named proof's groups read.
        for proof in super::super::PROOFS {
            assert!(Partition::parse(proof.partition).is_ok(), "{}", proof.name);
        }
        assert!(Partition::parse("ab c7")
            .unwrap_err()
            .to_string()
            .starts_with("group 2: '7'"));
        assert!(Partition::parse("ab 日本")
            .unwrap_err()
            .to_string()
            .starts_with("group 2: '日'"));
        assert_eq!(Partition::parse("  ").unwrap_err(), PartitionError::Empty);
        // Labelled groups alone must cover every kind of cell.
        let e = Partition::parse("corner:abc").unwrap_err();
        assert_eq!(
            e,
            PartitionError::Uncovered {
                cells: "edges and centre cells".into()
            }
        );
        assert!(e
            .to_string()
            .starts_with("no groups for the edges and centre cells: "));
        assert!(Partition::parse("corner:a b, edge:a b, centre:ab").is_ok());
        // A label must be followed by its groups, and may be given once.
        for (text, label) in [
            ("abc, corner:", "corner"),
            ("abc corner: edge:de", "corner"),
            ("abc edge:", "edge"),
        ] {
            assert_eq!(
                Partition::parse(text).unwrap_err(),
                PartitionError::NoGroups {
                    label: label.into()
                },
                "{text}"
            );
        }
        assert_eq!(
            Partition::parse("abc corner: edge:de corner:fg")
                .unwrap_err()
                .to_string(),
            "'corner:' is given twice"
        );
        assert_eq!(
            Partition::parse("abc, corner:").unwrap_err().to_string(),
            "'corner:' has no groups after it: give its letter groups, e.g. 'corner:aeiou bcdfg'"
        );
    }
}
