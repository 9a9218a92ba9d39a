//! The solver against the published ENABLE2K numbers and against a deliberately simple
//! reference scorer (a set of words and a plain depth-first search over strings).

mod common;

use boggle::engine::board::{Board, ALL_LETTERS_MASK};
use boggle::engine::dice::{random_board, LetterSource};
use boggle::engine::scoring::points;
use boggle::rng::Rng;
use boggle::{Dictionary, Solver};
use common::enable2k;
use std::collections::{BTreeSet, HashMap, HashSet};
use std::sync::{Arc, OnceLock};

/// Board shapes the random comparisons cover, from the smallest to the largest.
const SHAPES: [(usize, usize); 9] = [
    (2, 2),
    (2, 5),
    (3, 3),
    (3, 4),
    (4, 4),
    (4, 5),
    (5, 5),
    (5, 6),
    (6, 6),
];

fn board(s: &str) -> Board {
    Board::parse(s, None).unwrap()
}

/// Dice on even rounds, uniform letters on odd ones, so random boards cover both sources.
fn alternate_source(round: usize) -> LetterSource {
    if round.is_multiple_of(2) {
        LetterSource::Dice
    } else {
        LetterSource::Uniform
    }
}

#[test]
fn enable2k_keeps_173402_words_and_yawl_263904() {
    assert_eq!(enable2k().len(), 173_402);
    assert_eq!(enable2k().stats().lines, 173_528);
    let yawl = Dictionary::from_bytes(include_bytes!("../wordlists/yawl.txt")).unwrap();
    assert_eq!(yawl.len(), 263_904);
    // pneumonoultramicroscopicsilicovolcanoconiosis: 45 letters, more than any board's 36
    // cells, but playable by the rules: kept and counted, and no board scores it.
    assert!(yawl.contains("pneumonoultramicroscopicsilicovolcanoconiosis"));
    assert_eq!(yawl.stats().too_long, 0);
}

#[test]
fn published_scores() {
    let mut s = Solver::new(enable2k());
    assert_eq!(s.score(&board("streaedlp")).unwrap(), 545);
    assert_eq!(s.words(&board("streaedlp")).unwrap().len(), 267);
    assert_eq!(s.score(&board("perslatgsineters")).unwrap(), 3625);
    assert_eq!(s.words(&board("perslatgsineters")).unwrap().len(), 1045);
    assert_eq!(
        s.multiboggle_score(&board("perslatgsineters")).unwrap(),
        4732
    );
    assert_eq!(s.all_paths_score(&board("perslatgsineters")).unwrap(), 4747);
    assert_eq!(s.score(&board("ligdrmanesietildsracsepes")).unwrap(), 10406);
    // Twelve letters are three rows of four.
    let b = board("perslatesind");
    assert_eq!((b.rows(), b.cols()), (3, 4));
    assert_eq!(s.score(&b).unwrap(), 1651);
}

#[test]
fn qu_cells_count_two_letters() {
    let dict = Arc::new(Dictionary::from_bytes(b"quit\nquite\nquiet\nquits\nsuit\n").unwrap());
    let mut s = Solver::new(dict);
    // qu i t / x e s / x x x: quit (4 letters: 1 point), quite, quiet and quits (5: 2 each).
    let b = Board::parse("qitxesxxx", None).unwrap();
    let words = s.words(&b).unwrap();
    let got: HashMap<_, _> = words.iter().map(|w| (w.word.as_str(), w.points)).collect();
    assert_eq!(
        got,
        HashMap::from([("quit", 1), ("quite", 2), ("quiet", 2), ("quits", 2)])
    );
    assert_eq!(s.score(&b).unwrap(), 7);
    let quite = words.iter().find(|w| w.word == "quite").unwrap();
    assert_eq!(quite.path, vec![0, 1, 2, 4]);
}

#[test]
fn smallest_and_largest_boards() {
    let mut s = Solver::new(enable2k());
    // 2x2: every cell touches every other.
    let b = board("teas");
    let words: BTreeSet<String> = s.words(&b).unwrap().into_iter().map(|w| w.word).collect();
    assert!(words.contains("eats") && words.contains("seat") && words.contains("teas"));
    assert_eq!(s.score(&b).unwrap(), reference_score(&b, reference()));
    let big = Board::parse("abcdefghijklmnopqrstuvwxyzetaoinshrd", None).unwrap();
    assert_eq!((big.rows(), big.cols()), (6, 6));
    assert_eq!(s.score(&big).unwrap(), reference_score(&big, reference()));
}

/// The reference: the list as a set of words plus the set of their prefixes.
struct Reference {
    words: HashSet<String>,
    prefixes: HashSet<String>,
}

fn reference() -> &'static Reference {
    static R: OnceLock<Reference> = OnceLock::new();
    R.get_or_init(|| {
        let text = include_str!("../wordlists/enable2k.txt");
        let words: HashSet<String> = text
            .lines()
            .map(|l| l.trim().to_lowercase())
            .filter(|w| w.len() >= 3 && w.bytes().all(|b| b.is_ascii_lowercase()))
            .filter(|w| {
                w.match_indices('q')
                    .all(|(i, _)| w[i + 1..].starts_with('u'))
            })
            .collect();
        let mut prefixes = HashSet::new();
        for w in &words {
            for i in 1..=w.len() {
                prefixes.insert(w[..i].to_string());
            }
        }
        Reference { words, prefixes }
    })
}

/// Every word reachable on the board, with the set of cells of each path.
fn reference_walk(b: &Board, r: &Reference, found: &mut HashSet<(String, u64)>) {
    fn go(
        b: &Board,
        r: &Reference,
        cell: usize,
        used: u64,
        s: &mut String,
        found: &mut HashSet<(String, u64)>,
    ) {
        let len = s.len();
        s.push((b'a' + b.cells()[cell]) as char);
        if b.cells()[cell] == b'q' - b'a' {
            s.push('u');
        }
        if r.prefixes.contains(s.as_str()) {
            if r.words.contains(s.as_str()) {
                found.insert((s.clone(), used));
            }
            let (rows, cols) = (b.rows() as i32, b.cols() as i32);
            let (row, col) = (cell as i32 / cols, cell as i32 % cols);
            for dr in -1..=1 {
                for dc in -1..=1 {
                    let (nr, nc) = (row + dr, col + dc);
                    if nr < 0 || nc < 0 || nr >= rows || nc >= cols {
                        continue;
                    }
                    let n = (nr * cols + nc) as usize;
                    if used & (1 << n) == 0 {
                        go(b, r, n, used | 1 << n, s, found);
                    }
                }
            }
        }
        s.truncate(len);
    }
    for start in 0..b.len() {
        go(b, r, start, 1 << start, &mut String::new(), found);
    }
}

fn reference_score(b: &Board, r: &Reference) -> u32 {
    let mut found = HashSet::new();
    reference_walk(b, r, &mut found);
    let words: HashSet<&String> = found.iter().map(|(w, _)| w).collect();
    words.iter().map(|w| points(w.len())).sum()
}

#[test]
fn agrees_with_the_reference_on_random_boards_of_every_size() {
    let r = reference();
    let mut s = Solver::new(enable2k());
    let mut rng = Rng::new(2024);
    let mut checked = 0;
    for round in 0..400 {
        for &(rows, cols) in &SHAPES {
            let b = random_board(rows, cols, alternate_source(round), &mut rng);
            let mut found = HashSet::new();
            reference_walk(&b, r, &mut found);
            let words: BTreeSet<&String> = found.iter().map(|(w, _)| w).collect();
            let expected: u32 = words.iter().map(|w| points(w.len())).sum();
            assert_eq!(s.score(&b).unwrap(), expected, "board {b} ({rows}x{cols})");
            let listed = s.words(&b).unwrap();
            let listed_words: BTreeSet<&String> = listed.iter().map(|w| &w.word).collect();
            assert_eq!(listed_words, words, "words on {b}");
            // Every reported path really spells its word through adjacent, distinct cells.
            for w in &listed {
                assert_eq!(b.spell(&w.path), w.word);
                let distinct: HashSet<_> = w.path.iter().collect();
                assert_eq!(distinct.len(), w.path.len());
                for pair in w.path.windows(2) {
                    let (a, c) = (pair[0] as i32, pair[1] as i32);
                    let cols = cols as i32;
                    assert!((a / cols - c / cols).abs() <= 1 && (a % cols - c % cols).abs() <= 1);
                }
            }
            if round % 8 == 0 {
                let multi: u32 = found.iter().map(|(w, _)| points(w.len())).sum();
                assert_eq!(s.multiboggle_score(&b).unwrap(), multi, "multiboggle {b}");
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 3600);
}

#[test]
fn solver_is_reusable_across_sizes_and_lists() {
    let mut s = Solver::new(enable2k());
    for _ in 0..3 {
        assert_eq!(s.score(&board("streaedlp")).unwrap(), 545);
        assert_eq!(s.score(&board("perslatgsineters")).unwrap(), 3625);
    }
    // "pers" runs along the top row and "lat" along the second; "zap" is nowhere.
    let tiny = Arc::new(Dictionary::from_bytes(b"pers\nlat\nzap\n").unwrap());
    assert_eq!(
        Solver::new(tiny).score(&board("perslatgsineters")).unwrap(),
        2
    );
}

/// Scores a group of boards one by one: `board` with `letters` (one per open cell, board
/// after board) written on the open cells.
fn group_one_by_one(
    s: &mut Solver,
    b: &Board,
    open: &[usize],
    letters: &[u8],
    count: usize,
) -> Vec<u32> {
    let mut v = b.clone();
    (0..count)
        .map(|i| {
            for (k, &c) in open.iter().enumerate() {
                v.cells_mut()[c] = letters[i * open.len() + k];
            }
            s.score(&v).unwrap()
        })
        .collect()
}

#[test]
fn scoring_a_group_of_boards_at_once_equals_scoring_each() {
    let mut s = Solver::new(enable2k());
    let mut rng = Rng::new(91);
    // Letters that make many words, so paths through several open cells spell words.
    let common = b"aeinorst";
    let check = |s: &mut Solver, b: &Board, open: &[usize], count: usize, rng: &mut Rng| {
        let letters: Vec<u8> = (0..count * open.len())
            .map(|i| match i % 3 {
                0 => rng.below(26) as u8,
                _ => common[rng.below(common.len())] - b'a',
            })
            .collect();
        let want = group_one_by_one(s, b, open, &letters, count);
        let mut got = vec![u32::MAX; count];
        s.score_group(b, open, &letters, &mut got);
        assert_eq!(got, want, "{b} open {open:?} letters {letters:?}");
    };
    // The best boards with their corners open, as the breaker scores them.
    for text in ["streaedlp", "perslatgsineters", "ligdrmanesietildsracsepes"] {
        let b = board(text);
        let (rows, cols) = (b.rows(), b.cols());
        let corners = [0, cols - 1, (rows - 1) * cols, rows * cols - 1];
        for count in [1, 2, 7, 33, boggle::engine::solver::MAX_GROUP] {
            check(&mut s, &b, &corners, count, &mut rng);
        }
    }
    for round in 0..60 {
        for &(rows, cols) in &SHAPES {
            let b = random_board(rows, cols, alternate_source(round), &mut rng);
            let mut open: Vec<usize> = (0..b.len()).collect();
            let len = open.len();
            for i in 0..len {
                open.swap(i, i + rng.below(len - i));
            }
            open.truncate(1 + rng.below(b.len().min(6)));
            let count = 1 + rng.below(boggle::engine::solver::MAX_GROUP);
            check(&mut s, &b, &open, count, &mut rng);
        }
    }
    // No open cell, and no board at all.
    let b = board("perslatgsineters");
    check(&mut s, &b, &[], 3, &mut rng);
    s.score_group(&b, &[0], &[], &mut []);
}

fn variants_one_by_one(s: &mut Solver, b: &Board, open: usize, mask: u32) -> [u32; 26] {
    let mut out = [0; 26];
    let mut v = b.clone();
    for l in (0..26u8).filter(|l| mask & (1 << l) != 0) {
        v.cells_mut()[open] = l;
        out[l as usize] = s.score(&v).unwrap();
    }
    out
}

#[test]
fn scoring_all_variants_of_a_cell_equals_scoring_each() {
    let mut s = Solver::new(enable2k());
    let mut rng = Rng::new(77);
    // The best boards repeat words through many paths: the per-variant dedup matters most there.
    for text in ["streaedlp", "perslatgsineters", "ligdrmanesietildsracsepes"] {
        let b = board(text);
        for open in 0..b.len() {
            let all = ALL_LETTERS_MASK;
            let want = variants_one_by_one(&mut s, &b, open, all);
            assert_eq!(
                s.score_variants(&b, open, all).unwrap(),
                want,
                "{text} cell {open}"
            );
        }
    }
    for round in 0..60 {
        for &(rows, cols) in &SHAPES {
            let b = random_board(rows, cols, alternate_source(round), &mut rng);
            let open = rng.below(b.len());
            // Every letter, or a random alphabet.
            let mask = if round % 3 == 0 {
                ALL_LETTERS_MASK
            } else {
                rng.next_u64() as u32 & (ALL_LETTERS_MASK)
            };
            let want = variants_one_by_one(&mut s, &b, open, mask);
            assert_eq!(
                s.score_variants(&b, open, mask).unwrap(),
                want,
                "{b} cell {open}"
            );
            // The board itself is one of its variants.
            let own = b.cells()[open];
            if mask & (1 << own) != 0 {
                assert_eq!(s.score(&b).unwrap(), want[own as usize]);
            }
        }
    }
}

/// Every string of a's and b's of 3 to 12 letters, on boards of a's and b's: paths branch at
/// almost every step, so the scoring search's stack fills past the point where it goes on one
/// path at a time (136 paths on these boards, against at most 89 seen on ENABLE2K boards). Its
/// score must still be the points of the words the plain walk lists.
#[test]
fn a_crowded_search_stack_scores_every_word_once() {
    let mut list = String::new();
    for len in 3..=12 {
        for m in 0..1u32 << len {
            list.extend((0..len).map(|i| if m >> i & 1 == 1 { 'a' } else { 'b' }));
            list.push('\n');
        }
    }
    let mut s = Solver::new(Arc::new(Dictionary::from_bytes(list.as_bytes()).unwrap()));
    let mut rng = Rng::new(1);
    for _ in 0..3 {
        let cells = (0..16).map(|_| rng.below(2) as u8).collect();
        let b = Board::from_cells(4, 4, cells).unwrap();
        let listed: u32 = s.words(&b).unwrap().iter().map(|w| w.points).sum();
        assert!(listed > 10_000, "a dense board: {listed}");
        assert_eq!(s.score(&b).unwrap(), listed, "board {b}");
    }
}
