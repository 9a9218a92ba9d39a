//! Board classes and their upper bounds against published values, the definitions worked out
//! independently, and brute force over every board of many small random classes.

mod common;

use boggle::bounds::class::BoardClass;
use boggle::bounds::{BoundSolver, Bounds, SearchTooBig, SplitSweep, TreeError};
use boggle::rng::Rng;
use boggle::{Board, Dictionary, Solver};
use common::enable2k;
use std::collections::HashMap;

fn class(text: &str) -> BoardClass {
    BoardClass::parse(text, None).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn bounds(text: &str) -> Bounds {
    BoundSolver::new(enable2k()).bounds(&class(text))
}

const CONSONANTS: &str = "{b-d,f-h,j-n,p-t,v-z}";

#[test]
fn published_values() {
    let c = class("lnrsy aeiou chkmpt chkmpt aeiou lnrsy lnrsy aeiou bdfgjvwxz");
    assert_eq!(c.board_count().to_string(), "5062500");
    let b = BoundSolver::new(enable2k()).bounds(&c);
    assert_eq!((b.max_nomark, b.sum_union, b.bound()), (9359, 106383, 9359));

    let c = class("{a,e,i,o,u} {a,e,i,o,u} r {b,c,d,f,g,h} a t d e {r,s,t,v}");
    assert_eq!(c.board_count().to_u64(), Some(600));
    let b = BoundSolver::new(enable2k()).bounds(&c);
    assert_eq!((b.max_nomark, b.sum_union), (1307, 2880));

    let v = "aeiou";
    let k = CONSONANTS;
    let c = class(&format!("{v} {k} {v} {k} {v} {k} {v} {k} {v}"));
    assert_eq!(c.board_count().to_string(), "607753125");
    let b = BoundSolver::new(enable2k()).bounds(&c);
    assert_eq!((b.max_nomark, b.sum_union), (15692, 195944));
}

#[test]
fn a_single_board_gives_its_score_and_all_paths_count() {
    let board = Board::parse("perslatgsineters", None).unwrap();
    let b = BoundSolver::new(enable2k()).bounds(&BoardClass::from_board(&board));
    assert_eq!((b.sum_union, b.max_nomark), (3625, 4747));
    let mut solver = Solver::new(enable2k());
    let mut bs = BoundSolver::new(enable2k());
    for text in [
        "streaedlp",
        "perslatesind",
        "ligdrmanesietildsracsepes",
        "qaitsrenx",
    ] {
        let board = Board::parse(text, None).unwrap();
        let b = bs.bounds(&BoardClass::from_board(&board));
        assert_eq!(b.sum_union, solver.score(&board).unwrap(), "{text}");
        assert_eq!(
            b.max_nomark,
            solver.all_paths_score(&board).unwrap(),
            "{text}"
        );
    }
}

/// Max/no-mark straight from its definition, on strings and `Dictionary::find`, sharing no
/// code with the engine's search.
fn reference_nomark(dict: &Dictionary, class: &BoardClass) -> u32 {
    let adj = |a: usize, b: usize| {
        let (ra, ca, rb, cb) = (
            a / class.cols(),
            a % class.cols(),
            b / class.cols(),
            b % class.cols(),
        );
        a != b && ra.abs_diff(rb) <= 1 && ca.abs_diff(cb) <= 1
    };
    fn choose(
        dict: &Dictionary,
        class: &BoardClass,
        adj: &dyn Fn(usize, usize) -> bool,
        cell: usize,
        prefix: &str,
        used: &mut Vec<usize>,
    ) -> u32 {
        let mut best = 0;
        for l in class.letters(cell) {
            let mut word = prefix.to_string();
            word.push((b'a' + l) as char);
            if l == b'q' - b'a' {
                word.push('u');
            }
            if dict.find(&word).is_none() {
                continue;
            }
            used.push(cell);
            let mut score = if dict.contains(&word) {
                boggle::engine::scoring::points(word.len())
            } else {
                0
            };
            for next in 0..class.len() {
                if adj(cell, next) && !used.contains(&next) {
                    score += choose(dict, class, adj, next, &word, used);
                }
            }
            used.pop();
            best = best.max(score);
        }
        best
    }
    (0..class.len())
        .map(|start| choose(dict, class, &adj, start, "", &mut Vec::new()))
        .sum()
}

/// A random class of at most `max_boards` boards over common letters (and now and then Qu).
fn random_class(rng: &mut Rng, rows: usize, cols: usize, max_boards: u64) -> BoardClass {
    const POOL: &[u8] = b"eeeeaaaiiioostttrrrnnsssllldcumpghbyfkwvq";
    let n = rows * cols;
    let mut masks = vec![0u32; n];
    let mut boards = 1u64;
    let letter = |rng: &mut Rng| 1u32 << (POOL[rng.below(POOL.len())] - b'a');
    for i in rng_order(rng, n) {
        let want = 1 + rng.below(3) as u32;
        let mut m = letter(rng);
        for _ in 0..20 {
            let wider = m | letter(rng);
            if m.count_ones() >= want {
                break;
            }
            if boards * wider.count_ones() as u64 <= max_boards {
                m = wider;
            }
        }
        boards *= m.count_ones() as u64;
        masks[i] = m;
    }
    BoardClass::new(rows, cols, masks).unwrap()
}

/// The cells in a random order, so no region of the grid always gets the big sets.
fn rng_order(rng: &mut Rng, n: usize) -> Vec<usize> {
    let mut v: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        v.swap(i, rng.below(i + 1));
    }
    v
}

#[test]
fn brute_force_on_small_random_classes() {
    let dict = enable2k();
    let mut solver = Solver::new(dict.clone());
    let mut bs = BoundSolver::new(dict.clone());
    let mut rng = Rng::new(2024);
    let shapes = [
        (2, 2),
        (2, 3),
        (3, 2),
        (3, 3),
        (2, 4),
        (3, 4),
        (4, 3),
        (4, 4),
    ];
    let mut checked = 0;
    for round in 0..12 {
        for &(rows, cols) in &shapes {
            let max_boards = if round % 3 == 0 { 3000 } else { 400 };
            let class = random_class(&mut rng, rows, cols, max_boards);
            let boards = class.board_count().to_u64().unwrap();
            assert!(boards <= max_boards, "{class}: {boards}");
            let b = bs.bounds(&class);

            // Every board: its score, and the union of all word sets.
            let mut best = 0;
            let mut union: HashMap<String, u32> = HashMap::new();
            let mut seen = 0;
            class.for_each_board(|board| {
                seen += 1;
                let words = solver.words(board).unwrap();
                best = best.max(words.iter().map(|w| w.points).sum::<u32>());
                for w in words {
                    union.insert(w.word, w.points);
                }
            });
            assert_eq!(seen, boards, "{class}");
            let union_score: u32 = union.values().sum();
            assert!(
                b.max_nomark >= best,
                "{class}: max/no-mark {} < best {best}",
                b.max_nomark
            );
            assert!(b.sum_union >= best, "{class}");
            assert_eq!(b.sum_union, union_score, "{class}");
            assert_eq!(b.max_nomark, reference_nomark(&dict, &class), "{class}");

            // The detailed search agrees, lists exactly the union, with valid paths.
            let d = bs.details_within(&class, u64::MAX).unwrap();
            assert_eq!(d.bounds, b, "{class}");
            assert_eq!(d.start_scores.iter().sum::<u32>(), b.max_nomark);
            assert_eq!(d.words.len(), union.len(), "{class}");
            for w in &d.words {
                assert_eq!(union.get(&w.word), Some(&w.points), "{class}: {}", w.word);
                check_path(&class, &w.path, &w.letters, &w.word);
            }

            // Fixing a cell can only lower both bounds.
            let mut sweep = SplitSweep::new(&class);
            while let Some(s) = sweep.step(&mut bs) {
                assert!(class.mask(s.cell) & 1 << s.letter != 0);
                assert!(s.bounds.max_nomark <= b.max_nomark && s.bounds.sum_union <= b.sum_union);
            }
            assert_eq!(sweep.done(), sweep.total());

            // The drawn tree of a start cell adds up to that cell's share.
            let start = rng.below(class.len());
            if let Ok(tree) = bs.nomark_tree(&class, start, 5000) {
                assert_eq!(
                    tree.root.score, d.start_scores[start],
                    "{class} from {start}"
                );
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 96);
}

fn check_path(class: &BoardClass, path: &[u8], letters: &str, word: &str) {
    assert_eq!(path.len(), letters.len(), "{word}");
    let mut spelled = String::new();
    for (i, (&cell, l)) in path.iter().zip(letters.bytes()).enumerate() {
        let cell = cell as usize;
        assert!(
            class.mask(cell) & 1 << (l - b'a') != 0,
            "{word}: cell {cell} has no {}",
            l as char
        );
        assert!(
            !path[..i].contains(&(cell as u8)),
            "{word}: cell {cell} used twice"
        );
        if i > 0 {
            let prev = path[i - 1] as usize;
            let (r0, c0, r1, c1) = (
                prev / class.cols(),
                prev % class.cols(),
                cell / class.cols(),
                cell % class.cols(),
            );
            assert!(
                r0.abs_diff(r1) <= 1 && c0.abs_diff(c1) <= 1,
                "{word}: {prev} -> {cell}"
            );
        }
        spelled.push(l as char);
        if l == b'q' {
            spelled.push('u');
        }
    }
    assert_eq!(spelled, word);
}

#[test]
fn worked_examples_from_the_posts() {
    let mut bs = BoundSolver::new(enable2k());
    // Starting at f, max/no-mark keeps the a (far, fare: 2) over the u (fur: 1).
    let c = class("f {a,u} r / . . e / . . .");
    assert_eq!(c.board_count().to_u64(), Some(2));
    let tree = bs.nomark_tree(&c, 0, 100).unwrap();
    assert_eq!(tree.root.score, 2);
    let f = &tree.root.options[0];
    assert_eq!((f.letter.as_str(), f.chosen), ("f", true));
    let au = &f.children[0];
    assert_eq!(au.cell, 1);
    let opts: Vec<_> = au
        .options
        .iter()
        .map(|o| (o.prefix.as_str(), o.score, o.chosen))
        .collect();
    assert_eq!(opts, [("fa", 2, true), ("fu", 1, false)]);

    // With z and y added, the u brings fur, fuzz and fuzzy (4) and the a's 2 are dropped.
    let c = class("f {a,u} r / z . e / z y .");
    let tree = bs.nomark_tree(&c, 0, 100).unwrap();
    assert_eq!(tree.root.score, 4);
    let au = &tree.root.options[0].children[0];
    let opts: Vec<_> = au
        .options
        .iter()
        .map(|o| (o.prefix.as_str(), o.score, o.chosen))
        .collect();
    assert_eq!(opts, [("fa", 2, false), ("fu", 4, true)]);
    let fu = &au.options[1];
    let words: Vec<_> = fu.children.iter().map(|c| c.score).collect();
    assert_eq!(words, [1, 3]); // fur; fuzz + fuzzy
                               // Over the whole class sum/union counts each word once, max/no-mark each start's best.
    let d = bs.details_within(&c, u64::MAX).unwrap();
    assert_eq!(d.start_scores[0], 4);
    assert!(d
        .words
        .iter()
        .any(|w| w.word == "fuzzy" && w.points == 2 && w.path == [0, 1, 3, 6, 7]));

    // A choice is made again each time a cell is reached: a from t, e through ti.
    let tree = bs
        .nomark_tree(&class("t i . / {a,e} . . / r . ."), 0, 100)
        .unwrap();
    let t = &tree.root.options[0];
    let via_i = &t.children[0].options[0].children[0];
    let direct = &t.children[1];
    assert_eq!((via_i.cell, direct.cell), (3, 3));
    let chosen = |c: &boggle::bounds::ChoiceNode| {
        c.options.iter().find(|o| o.chosen).unwrap().letter.clone()
    };
    assert_eq!(
        (chosen(via_i), chosen(direct)),
        ("e".to_string(), "a".to_string())
    );
}

#[test]
fn max_nomark_can_be_far_looser_than_sum_union() {
    let c = class("{b,d} a {b,d} / a {b,d} a / {b,d} a {b,d}");
    let b = BoundSolver::new(enable2k()).bounds(&c);
    let mut solver = Solver::new(enable2k());
    let mut best = 0;
    c.for_each_board(|board| best = best.max(solver.score(board).unwrap()));
    assert_eq!(c.board_count().to_u64(), Some(32));
    assert_eq!(reference_nomark(&enable2k(), &c), b.max_nomark);
    assert!(b.max_nomark > 10 * b.sum_union, "{b:?}");
    assert!(b.sum_union >= best);
    assert_eq!((b.max_nomark, b.sum_union), (132, 9));
}

#[test]
fn all_consonant_3x3_is_bounded_by_its_few_words() {
    let k = CONSONANTS;
    let c = class(&format!("{k} {k} {k} {k} {k} {k} {k} {k} {k}"));
    assert_eq!(c.board_count().to_string(), "794280046581");
    let b = BoundSolver::new(enable2k()).bounds(&c);
    // Every cell holds every consonant, so sum/union is every word of at most 9 cells spelled
    // with consonants only (Qu being one cell).
    let vowels = ['a', 'e', 'i', 'o', 'u'];
    let expected: u32 = enable2k()
        .words()
        .iter()
        .filter_map(|w| {
            let cells = w.replace("qu", "q");
            (cells.len() <= 9 && !cells.contains(vowels))
                .then(|| boggle::engine::scoring::points(w.len()))
        })
        .sum();
    assert_eq!(b.sum_union, expected);
    assert_eq!((b.sum_union, b.bound()), (208, 208));
    assert!(b.max_nomark > b.sum_union);
}

#[test]
fn classes_without_words_have_bound_zero() {
    for text in [
        ". . . . . . . . .",
        "z z z z",
        "x . . x / . q . . / . . . . / j . . v",
        "{x,z} {j,q} {v,x} {z,j}",
    ] {
        let b = bounds(text);
        assert_eq!((b.max_nomark, b.sum_union, b.bound()), (0, 0, 0), "{text}");
        let d = BoundSolver::new(enable2k())
            .details_within(&class(text), u64::MAX)
            .unwrap();
        assert!(d.words.is_empty());
    }
    assert_eq!(class(". . . .").board_count().to_u64(), Some(1));
}

#[test]
fn big_classes_count_exactly() {
    let c = BoardClass::parse(&["*"; 36].join(" "), None).unwrap();
    assert_eq!((c.rows(), c.cols()), (6, 6));
    assert_eq!(
        c.board_count().to_string(),
        "869041521632724682610610260053736824323722262347776"
    );
}

#[test]
fn limited_searches_give_up_on_huge_classes() {
    let mut bs = BoundSolver::new(enable2k());
    let huge = BoardClass::parse(&["*"; 16].join(" "), None).unwrap();
    let e = bs.details_within(&huge, 1_000_000).unwrap_err();
    assert!(e.to_string().contains("too big to bound"), "{e}");
    let c = class("{a,e,i,o,u} {a,e,i,o,u} r {b,c,d,f,g,h} a t d e {r,s,t,v}");
    let d = bs.details_within(&c, 10_000_000).unwrap();
    assert_eq!(d.bounds, bs.bounds(&c));
    assert!(bs.details_within(&c, d.steps + 1).is_ok());
    assert_eq!(
        bs.details_within(&c, d.steps / 2).unwrap_err(),
        SearchTooBig {
            max_steps: d.steps / 2,
            one_board: false,
        }
    );
}

#[test]
fn tree_limits_and_bad_cells() {
    let mut bs = BoundSolver::new(enable2k());
    let c = class("lnrsy aeiou chkmpt chkmpt aeiou lnrsy lnrsy aeiou bdfgjvwxz");
    assert_eq!(
        bs.nomark_tree(&c, 4, 200),
        Err(TreeError::TooBig { limit: 200 })
    );
    assert!(matches!(
        bs.nomark_tree(&c, 9, 200),
        Err(TreeError::NoSuchCell { .. })
    ));
    // A start cell that spells nothing gives an empty tree, not an error.
    let tree = bs
        .nomark_tree(&class("f {a,u} r / . . e / . . ."), 8, 100)
        .unwrap();
    assert_eq!((tree.root.score, tree.nodes), (0, 0));
}

/// max/no-mark counts a word on every path, so it can pass `u32::MAX`: a 5x5 board of one
/// letter, with every run of 3 to 13 of that letter a word, has about 6 billion points of paths.
/// The bound must saturate (a wrapped bound, about 1.9 billion here, could eliminate a class
/// that holds a winning board). This walk takes a few seconds in a release build.
#[test]
fn a_bound_past_u32_saturates_instead_of_wrapping() {
    let words: String = (3..=13).map(|n| "a".repeat(n) + "\n").collect();
    let dict = std::sync::Arc::new(Dictionary::from_bytes(words.as_bytes()).unwrap());
    let b = BoundSolver::new(dict).bounds(&class(&"a".repeat(25)));
    assert_eq!(b.max_nomark, u32::MAX);
    let all: u32 = (3..=13).map(boggle::engine::scoring::points).sum();
    assert_eq!((b.sum_union, b.bound()), (all, all));
}

/// A long bound tells its watcher the steps taken as it goes, every million or so, never more
/// than it was given; so the CLI shows a long search's progress.
#[test]
fn a_watched_bound_reports_its_steps_as_it_goes() {
    let class = BoardClass::parse(&["*"; 16].join(" "), None).unwrap();
    let max_steps = 5_000_000;
    let mut seen = Vec::new();
    let mut watch = |steps| seen.push(steps);
    let r = BoundSolver::new(enable2k()).bounds_watched(&class, max_steps, None, Some(&mut watch));
    assert!(r.is_err(), "the class is far past 5 million steps");
    assert!(seen.len() >= 4, "{seen:?}");
    assert!(seen.windows(2).all(|w| w[0] < w[1]), "{seen:?}");
    assert!(seen.iter().all(|&s| s > 0 && s <= max_steps), "{seen:?}");
}
