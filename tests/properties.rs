//! Property tests for every parser and file format: boards, classes, partitions, word-list
//! text, compiled lists and the command line's size, shard and id arguments (the shard reader
//! itself lives in the CLI and is tested there too, in src/bin/boggle/breaking.rs). Whatever
//! the input, the answer is `Ok` or an error with a message, never a panic; where a format can
//! be written back, reading what was written gives the same value.

mod common;

use boggle::bounds::class::{mask_text, BoardClass};
use boggle::breaking::partition::Partition;
use boggle::engine::board::{parse_size, ALL_LETTERS_MASK};
use boggle::engine::compiled;
use boggle::engine::dictionary::{DictionaryError, MAX_WORD_LETTERS};
use boggle::{Board, Dictionary, Solver};
use common::{boggle, text};
use proptest::prelude::*;
use std::sync::{Arc, OnceLock};

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// Text built from the pieces a parser cares about plus anything else, so cases get past the
/// first character more often than uniformly random strings would.
fn text_from(pieces: &'static [&'static str]) -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            4 => prop::sample::select(pieces).prop_map(str::to_string),
            1 => any::<char>().prop_map(String::from),
        ],
        0..60,
    )
    .prop_map(|v| v.concat())
}

const BOARD_PIECES: &[&str] = &[
    "a", "e", "q", "u", "qu", "Qu", "s", "Z", " ", "/", ",", "\n", "-", "|", ";", "\t", "é",
];
const CLASS_PIECES: &[&str] = &[
    "a", "b", "q", "z", "aeiou", " ", "/", "\n", "{", "}", ",", "-", "b-d", ".", "{a,e}", "x-a",
];
const PARTITION_PIECES: &[&str] = &[
    "aeiou",
    "bcd",
    "fghjklmnp",
    "qrstvwxyz",
    "a",
    " ",
    ",",
    "corner:",
    "edge:",
    "centre:",
    "center:",
    "side:",
    ":",
    "Q",
    "1",
];

/// A board shape and letters, `q` included.
fn any_board() -> impl Strategy<Value = Board> {
    (2usize..=6, 2usize..=6).prop_flat_map(|(rows, cols)| {
        prop::collection::vec(0u8..26, rows * cols)
            .prop_map(move |cells| Board::from_cells(rows, cols, cells).unwrap())
    })
}

/// ENABLE2K's first 3,000 words as a compiled list (small enough to list every word).
fn small_compiled() -> &'static [u8] {
    static BYTES: OnceLock<Vec<u8>> = OnceLock::new();
    BYTES.get_or_init(|| {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/wordlists/enable2k.txt"
        ))
        .unwrap();
        let head: String = text.lines().take(3000).map(|l| format!("{l}\n")).collect();
        compiled::to_bytes(&Dictionary::from_bytes(head.as_bytes()).unwrap()).unwrap()
    })
}

/// What every loaded dictionary must satisfy, however it was made.
fn check_dictionary(d: &Dictionary) {
    let s = d.stats();
    let words = d.words();
    assert_eq!(words.len(), d.len());
    assert!(!words.is_empty());
    for w in &words {
        assert!(w.len() >= 3 && w.len() <= MAX_WORD_LETTERS, "{w}");
        assert!(w.bytes().all(|b| b.is_ascii_lowercase()), "{w}");
        assert!(d.contains(w), "{w}");
    }
    assert!(s.notes.len() <= 5 && s.bad_examples.len() <= 16);
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn board_text_is_read_or_refused_with_a_message(
        t in prop_oneof![text_from(BOARD_PIECES), any::<String>()],
        size in prop::option::of((0usize..9, 0usize..9)),
    ) {
        match Board::parse(&t, size) {
            Ok(b) => {
                prop_assert_eq!(b.to_string().len(), b.rows() * b.cols());
                prop_assert_eq!(Board::parse(&b.to_string(), Some((b.rows(), b.cols()))).unwrap(), b);
            }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn boards_round_trip_through_their_string(b in any_board()) {
        let s = b.to_string();
        prop_assert_eq!(Board::parse(&s, Some((b.rows(), b.cols()))).unwrap(), b.clone());
        // Spaces, slashes and case do not matter.
        let typed: String = s.chars().map(|c| format!("{} / ", c.to_ascii_uppercase())).collect();
        prop_assert_eq!(Board::parse(&typed, Some((b.rows(), b.cols()))).unwrap(), b);
    }

    #[test]
    fn class_text_is_read_or_refused_with_a_message(
        t in prop_oneof![text_from(CLASS_PIECES), any::<String>()],
        size in prop::option::of((0usize..9, 0usize..9)),
    ) {
        match BoardClass::parse(&t, size) {
            Ok(c) => {
                let back = BoardClass::parse(&c.to_string(), Some((c.rows(), c.cols())));
                prop_assert_eq!(back.as_ref(), Ok(&c), "{}", c);
            }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn classes_round_trip_through_their_text(
        (rows, cols, masks) in (2usize..=6, 2usize..=6).prop_flat_map(|(r, c)| {
            (Just(r), Just(c), prop::collection::vec(0u32..=ALL_LETTERS_MASK, r * c))
        })
    ) {
        let c = BoardClass::new(rows, cols, masks.clone()).unwrap();
        let written = c.to_string();
        let back = BoardClass::parse(&written, None).unwrap();
        prop_assert_eq!(&back, &c, "{}", written);
        // Braces with commas, as in the published posts, read the same.
        let braced: Vec<String> = masks
            .iter()
            .map(|&m| {
                let t = mask_text(m);
                if t == "." { t } else { format!("{{{}}}", t.chars().map(String::from).collect::<Vec<_>>().join(",")) }
            })
            .collect();
        prop_assert_eq!(BoardClass::parse(&braced.join(" "), Some((rows, cols))).unwrap(), c);
    }

    #[test]
    fn partition_text_is_read_or_refused_with_a_message(
        t in prop_oneof![text_from(PARTITION_PIECES), any::<String>()]
    ) {
        match Partition::parse(&t) {
            Ok(p) => {
                let written = p.to_string();
                let back = Partition::parse(&written);
                prop_assert_eq!(back.as_ref(), Ok(&p), "{}", written);
            }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn partitions_round_trip_through_their_text(
        groups in prop::collection::vec(0usize..5, 26),
        corner in prop::option::of(prop::collection::vec(0usize..3, 26)),
    ) {
        let text = |of: &[usize]| {
            let mut g = vec![String::new(); 5];
            for (l, &k) in of.iter().enumerate() {
                g[k].push((b'a' + l as u8) as char);
            }
            g.into_iter().filter(|s| !s.is_empty()).collect::<Vec<_>>().join(" ")
        };
        let mut written = text(&groups);
        if let Some(c) = &corner {
            written = format!("{written}, corner:{}", text(c));
        }
        let p = Partition::parse(&written).unwrap();
        prop_assert_eq!(p.missing_letters(4, 4), 0);
        prop_assert_eq!(Partition::parse(&p.to_string()).unwrap(), p);
    }
}

proptest! {
    #![proptest_config(config(128))]

    #[test]
    fn word_list_text_builds_a_valid_trie_or_says_why(
        lines in prop::collection::vec(
            prop_oneof![
                3 => "[a-zA-Z]{0,12}",
                1 => "[a-z]{30,60}",
                1 => "[a-z]{250,300}",
                1 => "(qu|q|[a-z]){1,40}",
                1 => "[ \t]*[a-z]{3,6}[ \t\r]*",
                1 => any::<String>(),
            ],
            0..40,
        ),
        crlf in any::<bool>(),
    ) {
        let data = lines.join(if crlf { "\r\n" } else { "\n" });
        match Dictionary::from_bytes(data.as_bytes()) {
            Ok(d) => {
                check_dictionary(&d);
                let s = d.stats();
                // Every line is blank, skipped, kept or a duplicate of a kept word.
                prop_assert_eq!(s.lines, s.blank + s.skipped() + s.words + s.duplicates);
                let again = compiled::from_bytes(&compiled::to_bytes(&d).unwrap()).unwrap();
                prop_assert_eq!(again.words(), d.words());
                prop_assert_eq!(again.nodes(), d.nodes());
                prop_assert_eq!(again.stats(), d.stats());
            }
            Err(e) => {
                prop_assert!(matches!(e, DictionaryError::NoWords(_)), "{}", e);
                prop_assert!(e.to_string().contains("no playable words"));
            }
        }
    }

    #[test]
    fn random_bytes_are_a_word_list_or_an_error(data in prop::collection::vec(any::<u8>(), 0..2000)) {
        if let Ok(d) = compiled::load(&data) {
            check_dictionary(&d);
        }
    }

    #[test]
    fn random_bytes_after_the_magic_are_refused_or_valid(
        data in prop::collection::vec(any::<u8>(), 0..400)
    ) {
        let mut bytes = b"BOGDAWG2".to_vec();
        bytes.extend(data);
        if let Ok(d) = compiled::from_bytes(&bytes) {
            check_dictionary(&d);
        }
    }

    #[test]
    fn random_dawgs_are_refused_or_valid(
        words in 0u32..20,
        shared in 0u8..6,
        count in 0u8..40,
        body in prop::collection::vec(any::<u8>(), 0..200),
    ) {
        // A sound header, then a coded body of random bytes: the range decoder turns them into
        // random decisions, so the checks deep inside the reader (letter order, references,
        // node counts, cycles, word counts) are all reached.
        let mut bytes = b"BOGDAWG2".to_vec();
        for n in [0, words, 0, 0, 0, 0, 0, 0, 0, 0] {
            bytes.extend_from_slice(&n.to_le_bytes());
        }
        bytes.extend([shared, count, body.len().min(127) as u8 + 1, 0]);
        bytes.extend(&body[..body.len().min(127)]);
        if let Ok(d) = compiled::from_bytes(&bytes) {
            check_dictionary(&d);
            let again = compiled::from_bytes(&compiled::to_bytes(&d).unwrap()).unwrap();
            prop_assert_eq!(again.nodes(), d.nodes());
        }
    }

    #[test]
    fn damaged_compiled_lists_are_refused_or_valid(
        flips in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..6),
        cut in prop::option::of(any::<prop::sample::Index>()),
        board in any_board(),
    ) {
        let mut bytes = small_compiled().to_vec();
        for (at, value) in &flips {
            let i = at.index(bytes.len());
            bytes[i] = *value;
        }
        if let Some(at) = cut {
            bytes.truncate(at.index(bytes.len()));
        }
        match compiled::from_bytes(&bytes) {
            Ok(d) => {
                check_dictionary(&d);
                let d = Arc::new(d);
                let mut solver = Solver::new(Arc::clone(&d));
                for w in solver.words(&board).unwrap() {
                    prop_assert!(d.contains(&w.word), "{}", w.word);
                }
            }
            // A flip in the version's byte reads as a list of another version: the format's
            // mark is there, this version's is not.
            Err(DictionaryError::OtherVersion) => {
                prop_assert!(compiled::is_compiled(&bytes) && !bytes.starts_with(b"BOGDAWG2"));
            }
            Err(e) => prop_assert!(e.to_string().starts_with("the compiled word list is damaged"), "{}", e),
        }
    }

    #[test]
    fn size_arguments_are_read_or_refused(
        t in prop_oneof![
            "[0-9xX,* /-]{0,8}",
            "[2-6][xX][2-6]",
            "[0-9]{1,25}/[0-9]{1,25}",
            any::<String>(),
        ]
    ) {
        if let Ok((r, c)) = parse_size(&t) {
            prop_assert!((2..=6).contains(&r) && (2..=6).contains(&c));
        } else {
            prop_assert!(parse_size(&t).unwrap_err().to_string().contains("size"));
        }
    }
}

proptest! {
    // Each case runs the binary: few cases.
    #![proptest_config(config(24))]

    #[test]
    fn the_command_line_refuses_bad_sizes_shards_and_ids_in_one_line(
        size in prop_oneof!["[0-9x]{0,4}", any::<String>().prop_filter("no NUL", |s| !s.contains('\0'))],
        shard in "[0-9/a-]{0,6}",
        ids in "[0-9,x -]{0,10}",
    ) {
        let runs: [&[&str]; 3] = [
            &["score", "--size", &size, "abcd"],
            &["break", "--partition", "aeiou bcdfghjklmnpqrstvwxyz", "--size", "2x2", "--target", "99999", "--shard", &shard],
            &["break", "--partition", "aeiou bcdfghjklmnpqrstvwxyz", "--size", "2x2", "--target", "99999", "--class-id", &ids],
        ];
        for args in runs {
            let out = boggle(args, "");
            let err = text(&out.stderr);
            prop_assert!(!err.contains("panicked"), "{:?}: {}", args, err);
            prop_assert!(matches!(out.status.code(), Some(0..=2)), "{:?}: {:?} {}", args, out.status, err);
            if out.status.code() == Some(2) {
                prop_assert!(err.starts_with("error:") || err.starts_with("boggle:"), "{:?}: {}", args, err);
            }
        }
    }
}

/// The case the damaged-list property met by chance: the version's byte changed reads as a list
/// of another version (compile it again), not as a damaged one.
#[test]
fn a_changed_version_byte_reads_as_another_version() {
    let mut bytes = small_compiled().to_vec();
    bytes[7] = 0;
    assert!(matches!(
        compiled::from_bytes(&bytes),
        Err(DictionaryError::OtherVersion)
    ));
}
