//! The `boggle` command line: output formats from docs/design.md#the-command-line and behaviour
//! on bad input.

mod common;

use common::{boggle, text};

#[test]
fn score_prints_board_tab_score_in_input_order() {
    let out = boggle(
        &["score", "perslatgsineters", "STREAEDLP", "perslatesind"],
        "",
    );
    assert!(out.status.success());
    assert_eq!(
        text(&out.stdout),
        "perslatgsineters\t3625\nstreaedlp\t545\nperslatesind\t1651\n"
    );
    let out = boggle(&["score", "--multiboggle", "perslatgsineters"], "");
    assert_eq!(text(&out.stdout), "perslatgsineters\t4732\n");
}

#[test]
fn bad_stdin_lines_are_reported_and_the_rest_still_scored() {
    let out = boggle(
        &["score"],
        "streaedlp\nstreaedl\n\nstr3aedlp\nligdrmanesietildsracsepes\n",
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        "streaedlp\t545\nligdrmanesietildsracsepes\t10406\n"
    );
    // The blank line 3 is skipped, not reported; the others keep their numbers.
    let err = text(&out.stderr);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert!(
        lines[0].starts_with("boggle: line 2") && lines[0].contains("8 letters"),
        "{err}"
    );
    assert!(
        lines[1].starts_with("boggle: line 4") && lines[1].contains("'3' is not a letter"),
        "{err}"
    );
    // Only blank lines, or nothing: nothing to score, and nothing wrong, but said.
    for input in ["\n  \n\t\n", ""] {
        for command in ["score", "canonical"] {
            let blank = boggle(&[command], input);
            assert_eq!(blank.status.code(), Some(0));
            assert_eq!(
                (text(&blank.stdout), text(&blank.stderr)),
                (
                    String::new(),
                    "boggle: no boards on stdin: give them as arguments or one per line\n".into()
                )
            );
        }
    }
    // A word list read from stdin leaves no boards there: refused before it is read.
    let out = boggle(&["score", "--wordlist", "/dev/stdin"], "tea\n");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "boggle: --wordlist /dev/stdin reads stdin, where the boards would come from: give the \
         boards as arguments\n"
    );
    let out = boggle(
        &["score", "--wordlist", "/dev/stdin", "seat"],
        "seat\neats\nteas\n",
    );
    assert_eq!(text(&out.stdout), "seat\t3\n");
}

/// A refused board is quoted as typed, cut to a 6x6 board's length and with nothing in it
/// that moves the cursor; a byte-order mark before the first line (an editor's) is no letter.
#[test]
fn refused_boards_are_quoted_as_typed_short_and_harmless() {
    let long = "a".repeat(130_000);
    let out = boggle(&["score", "\u{c4}bcd", &long, "ab\u{1b}[2Jcd"], "");
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(
        lines[0],
        "boggle: board 1 ('\u{c4}bcd'): '\u{c4}' is not a letter: a board holds only the letters a-z"
    );
    assert!(
        lines[1].starts_with(&format!(
            "boggle: board 2 ('{}\u{2026}'): 130,000 letters",
            "a".repeat(60)
        )),
        "{}",
        &lines[1][..120]
    );
    assert!(
        lines[2].starts_with("boggle: board 3 ('ab\\u{1b}[2Jcd'): U+001B"),
        "{}",
        lines[2]
    );
    let out = boggle(&["score"], "\u{feff}perslatgsineters\n");
    assert_eq!(text(&out.stdout), "perslatgsineters\t3625\n");
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn a_stdin_line_past_the_limit_is_reported_and_the_rest_still_scored() {
    let input = format!("streaedlp\n{}\nstreaedlp\n", "a".repeat(200_000));
    let out = boggle(&["score"], &input);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "streaedlp\t545\nstreaedlp\t545\n");
    assert_eq!(
        text(&out.stderr).trim(),
        "boggle: line 2: longer than 64 KB, not a board"
    );
    // A binary line is refused like any bad board, and the next line is still scored.
    let out = common::boggle_bytes(&["score"], b"\xff\xfe\x00\nstreaedlp\n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "streaedlp\t545\n");
    assert!(
        text(&out.stderr).starts_with("boggle: line 1 ("),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn size_option_fixes_the_shape() {
    let out = boggle(&["score", "--size", "2x3", "teasxx"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = boggle(&["score", "--size", "4x4", "streaedlp"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("9 letters: a 4x4 board needs 16"));
    let out = boggle(&["score", "--size", "9x9", "streaedlp"], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stderr).lines().count(), 1);
}

#[test]
fn words_json_has_the_documented_shape() {
    let out = boggle(&["words", "perslatgsineters", "--json"], "");
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(|k| k.as_str()).collect();
    // Exactly the keys the design names, which other tools read.
    assert_eq!(keys.len(), 5);
    for k in ["board", "rows", "cols", "score", "words"] {
        assert!(keys.contains(&k), "{k}");
    }
    assert_eq!(
        (v["board"].as_str(), v["rows"].as_u64(), v["score"].as_u64()),
        (Some("perslatgsineters"), Some(4), Some(3625))
    );
    let words = v["words"].as_array().unwrap();
    assert_eq!(words.len(), 1045);
    let total: u64 = words.iter().map(|w| w["points"].as_u64().unwrap()).sum();
    assert_eq!(total, 3625);
    let w = words
        .iter()
        .find(|w| w["word"] == "replant")
        .expect("replant is on the board");
    assert_eq!(w["points"], 5);
    assert_eq!(w["path"].as_array().unwrap().len(), 7);
}

#[test]
fn words_spell_qu_in_full() {
    let out = boggle(&["words", "qu i t / x e s / x x x", "--json"], "");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let words: Vec<&str> = v["words"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["word"].as_str().unwrap())
        .collect();
    assert!(
        words.contains(&"quiet") && words.contains(&"quite"),
        "{words:?}"
    );
    assert_eq!(v["board"], "qitxesxxx");
}

#[test]
fn canonical_prints_board_and_form() {
    let out = boggle(&["canonical", "streaedlp", "perslatgsineters"], "");
    let lines = text(&out.stdout);
    let mut it = lines.lines();
    assert_eq!(it.next(), Some("streaedlp\tdeslatper"));
    let (b, c) = it.next().unwrap().split_once('\t').unwrap();
    assert_eq!(b, "perslatgsineters");
    assert!(c <= b);
    let again = boggle(&["canonical", c], "");
    assert_eq!(text(&again.stdout), format!("{c}\t{c}\n"));
}

/// A built-in name always means the built-in list, whatever the working folder holds: a stray
/// file called `enable2k` there is read only as `./enable2k`.
#[test]
fn built_in_names_are_not_hidden_by_files_of_that_name() {
    let dir = common::temp_dir("cli-names");
    std::fs::write(dir.join("enable2k"), "cat\ndog\n").unwrap();
    std::fs::create_dir_all(dir.join("yawl")).unwrap();
    let run = |list: &str| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_boggle"))
            .args(["score", "--wordlist", list, "perslatgsineters"])
            .current_dir(&dir)
            .output()
            .unwrap();
        (text(&out.stdout), text(&out.stderr))
    };
    assert_eq!(
        run("enable2k"),
        ("perslatgsineters\t3625\n".into(), String::new())
    );
    assert_eq!(run("ENABLE2K").0, "perslatgsineters\t3625\n");
    assert_eq!(run("./enable2k").0, "perslatgsineters\t0\n");
    assert!(run("yawl").0.starts_with("perslatgsineters\t"));
    assert_eq!(
        run("./yawl").1,
        "boggle: cannot read word list './yawl': it is a folder, not a file\n"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn word_list_files_and_their_errors() {
    let dir = common::temp_dir("cli");
    let list = dir.join("list.txt");
    std::fs::write(&list, "TEA\r\n\r\neat\nate\ncafé\n").unwrap();
    let out = boggle(&["score", "--wordlist", list.to_str().unwrap(), "teat"], "");
    assert_eq!(text(&out.stdout), "teat\t3\n");
    // Lines the rules leave out are said, as are duplicates in what compiling writes.
    let ruled = dir.join("ruled.txt");
    std::fs::write(&ruled, "tea\nat\nqat\nfaqir\ntea\n").unwrap();
    let compiled = dir.join("ruled.dawg");
    let out = boggle(
        &[
            "compile-list",
            "--wordlist",
            ruled.to_str().unwrap(),
            compiled.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(
        (text(&out.stdout), text(&out.stderr)),
        (
            format!(
                "wrote '{}': 1 word, fingerprint {}, 3 lines skipped, 1 duplicate ignored\n",
                compiled.display(),
                "fa23f8ef19aff7d9" // FNV-1a of "tea\n"
            ),
            format!(
                "boggle: word list '{}': 3 lines skipped, as the rules have it: 1 shorter than 3 \
                 letters, 2 with q not followed by u\n",
                ruled.display()
            )
        )
    );
    let out = boggle(&["score", "--wordlist", "/no/such/list.txt", "teat"], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "boggle: cannot read word list '/no/such/list.txt': no such file or folder\n"
    );
    // Other files the commands read or write say why in plain words, not the system's.
    let folder = dir.to_str().unwrap();
    let missing = dir.join("no-such-folder").join("x.dawg");
    for (args, expected) in [
        (
            vec!["merge", folder],
            format!("boggle: cannot read '{folder}': it is a folder, not a file\n"),
        ),
        (
            vec!["compile-list", missing.to_str().unwrap()],
            format!(
                "boggle: cannot write '{}': no such file or folder\n",
                missing.display()
            ),
        ),
        // A hostile name cannot rewrite the terminal or forge a line.
        (
            vec!["score", "--wordlist", "x\u{1b}[2J\nforged", "abcd"],
            "boggle: cannot read word list 'x\\u{1b}[2J\\nforged': no such file or folder \
             (built-in lists: enable2k, yawl)\n"
                .to_string(),
        ),
        (
            vec!["merge", "\u{7}\u{202e}.ndjson"],
            "boggle: cannot read '\\u{7}\\u{202e}.ndjson': no such file or folder\n".to_string(),
        ),
    ] {
        let out = boggle(&args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(text(&out.stderr), expected, "{args:?}");
    }
    let empty = dir.join("empty.txt");
    std::fs::write(&empty, "1\n2\n").unwrap();
    let out = boggle(
        &["score", "--wordlist", empty.to_str().unwrap(), "teat"],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("no playable words"));
    let out = boggle(&["score", "--wordlist", dir.to_str().unwrap(), "teat"], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stderr).lines().count(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A line longer than any board can spell used to build trie nodes until memory ran out.
#[test]
fn overlong_words_are_skipped_and_huge_files_refused() {
    let dir = common::temp_dir("cli-long");
    let list = dir.join("long.txt");
    std::fs::write(&list, format!("{}\ncat\n", "a".repeat(300))).unwrap();
    let out = boggle(&["score", "--wordlist", list.to_str().unwrap(), "catt"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "catt\t1\n");
    assert_eq!(
        text(&out.stderr),
        format!(
            "boggle: word list '{}': line 1: 300 letters, longer than any 6x6 board can spell: skipped\n",
            list.display()
        )
    );
    let big = dir.join("big.txt");
    std::fs::write(&big, "cat\n".repeat(5 << 20)).unwrap();
    let out = boggle(&["score", "--wordlist", big.to_str().unwrap(), "catt"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("20.0 MB, more than the limit of 16 MB"),
        "{}",
        text(&out.stderr)
    );
    // A device that never ends is read only up to the limit.
    let out = boggle(&["score", "--wordlist", "/dev/zero", "catt"], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "boggle: word list '/dev/zero': the word list is more than the limit of 16 MB\n"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn argument_errors_are_one_line_and_help_works() {
    let out = boggle(&["score", "--frobnicate"], "");
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("--frobnicate"));
    for cmd in [
        vec!["--help"],
        vec!["score", "--help"],
        vec!["words", "--help"],
        vec!["canonical", "--help"],
    ] {
        let out = boggle(&cmd, "");
        assert!(out.status.success());
        assert!(text(&out.stdout).contains("Usage"), "{cmd:?}");
    }
    let out = boggle(&["words"], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stderr).lines().count(), 1);
    // A value that is not one of a flag's: one line that lists them, whatever the value holds
    // (line breaks, terminal escapes, markup, ten thousand characters).
    let long = "x".repeat(10_000);
    for value in [
        "5x5",
        "4x4\nforged line",
        "a\u{7}b\u{1b}[2J",
        "<img src=x onerror=alert(1)>",
        long.as_str(),
    ] {
        let out = boggle(&["break", "--proof", value], "");
        assert_eq!(out.status.code(), Some(2), "{value:.40}");
        let err = text(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{err:.200}");
        assert!(err.contains("[possible values: 3x3, 3x4,"), "{err:.200}");
        assert!(
            !err.chars().any(|c| c.is_control() && c != '\n'),
            "{err:.200}"
        );
    }
    // An option of a whole search without one says which, and how to give the search.
    let err = text(&boggle(&["break", "--shard", "1/2"], "").stderr);
    assert_eq!(
        err,
        "boggle: --shard works on a whole search: give --partition GROUPS with --size RxC, \
         or --proof NAME (see boggle break --help)\n"
    );
    let err = text(&boggle(&["break", "--class-id=5", "--out", "x", "abc"], "").stderr);
    assert!(
        err.starts_with("boggle: --class-id and --out work on a whole search"),
        "{err}"
    );
    // A negative number is the option's value (or a board), refused by name, not taken for a flag.
    for (args, expected) in [
        (
            vec!["break", "--proof", "3x3", "--sample", "-1"],
            "invalid value '-1' for '--sample <N>': it cannot be negative",
        ),
        (
            vec!["anneal", "--size", "3x3", "--seed", "-3"],
            "invalid value '-3' for '--seed <SEED>': it cannot be negative",
        ),
        (
            vec!["break", "--proof", "3x3", "--threads", "-2"],
            "invalid value '-2' for '--threads <N>': it cannot be negative",
        ),
        // An option the engine refuses is named by its flag.
        (
            vec!["anneal", "--restart", "perturb", "--perturb", "0"],
            "boggle: --perturb must be 1 to 64",
        ),
        (
            vec!["anneal", "--schedule", "tempering", "--replicas", "1"],
            "boggle: --replicas must be 2 to 64",
        ),
        (
            vec!["anneal", "--t0", "10", "--t-end", "20"],
            "boggle: --t-end: geometric: the final temperature (t_end, 20) must be at most",
        ),
        // Other numbers that do not parse say why in plain words, not Rust's.
        (
            vec!["anneal", "--runs", "99999999999"],
            "invalid value '99999999999' for '--runs <RUNS>': it is too large: at most 4,294,967,295",
        ),
        (
            vec!["anneal", "--seed", "99999999999999999999999"],
            "invalid value '99999999999999999999999' for '--seed <SEED>': it is too large",
        ),
        (
            vec!["anneal", "--runs", "1.5"],
            "invalid value '1.5' for '--runs <RUNS>': it is not a whole number",
        ),
        (
            vec!["hillclimb", "--pool", ""],
            "invalid value '' for '--pool <POOL>': give a whole number",
        ),
        (
            vec!["anneal", "--t0", "warm"],
            "invalid value 'warm' for '--t0 <T0>': it is not a number",
        ),
        (
            vec!["anneal", "--stall", "-5"],
            "invalid value '-5' for '--stall <STALL>': it cannot be negative",
        ),
        // Another value that starts with '-' is taken for a flag, and the message says how to
        // give it; given so, the option's own check refuses it.
        (
            vec!["break", "--proof", "3x3", "--shard", "-1/2"],
            "--shard takes a value, and one that starts with '-' is read as a flag: \
             write --shard=-1/2",
        ),
        (
            vec!["break", "--proof", "3x3", "--shard=-1/2"],
            "invalid value '-1/2' for '--shard <K/N>'",
        ),
        (vec!["anneal", "--size", "-x4"], "write --size=-x4"),
        // The hint repeats the value, with a hostile one's control characters escaped.
        (
            vec!["break", "--proof", "3x3", "--shard", "-x\u{1b}[2J\nforged"],
            "write --shard=-x\\u{1b}[2J\\nforged",
        ),
    ] {
        let out = boggle(&args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = text(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(expected), "{args:?}: {err}");
    }
    // A bad board is reported by `words` as by `score`, with exit status 1.
    for (command, said) in [
        (
            "words",
            "boggle: board '-12': '1' is not a letter: a board holds only the letters a-z\n",
        ),
        (
            "score",
            "boggle: board 1 ('-12'): '1' is not a letter: a board holds only the letters a-z\n",
        ),
    ] {
        let out = boggle(&[command, "-12"], "");
        assert_eq!(out.status.code(), Some(1), "{command}");
        assert_eq!(text(&out.stderr), said);
    }
    // No command at all: the help, listing the commands, as a failure.
    let out = boggle(&[], "");
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("Usage: boggle <COMMAND>") && err.contains("  score "),
        "{err}"
    );
}

#[test]
fn optimizers_refuse_a_time_limit_no_clock_holds() {
    // 1e30 seconds once panicked turning it into a Duration.
    for seconds in ["0", "nan", "inf", "1e30", "1000000001"] {
        for cmd in ["anneal", "hillclimb"] {
            let out = boggle(&[cmd, "--size", "3x3", "--seconds", seconds], "");
            assert_eq!(out.status.code(), Some(2), "{cmd} {seconds}");
            assert_eq!(
                text(&out.stderr),
                "boggle: --seconds must be a positive number up to 1,000,000,000\n",
                "{cmd} {seconds}"
            );
        }
    }
}

#[test]
fn a_time_limit_without_runs_keeps_restarting_until_the_time_or_the_target() {
    // Seed 2's first run ends below 3625; its third reaches it. With --seconds and no --runs the
    // search goes on to it (one run, the default otherwise, would stop at the first).
    let out = boggle(
        &[
            "hillclimb",
            "--size",
            "4x4",
            "--seed",
            "2",
            "--seconds",
            "600",
            "--target",
            "3625",
        ],
        "",
    );
    assert!(out.status.success());
    let stderr = text(&out.stderr);
    let closing = stderr.lines().last().unwrap();
    assert!(closing.starts_with("best 3625 after "), "{closing}");
    assert!(closing.contains("(3 runs, "), "{closing}");
    let once = boggle(
        &[
            "hillclimb",
            "--size",
            "4x4",
            "--seed",
            "2",
            "--target",
            "3625",
        ],
        "",
    );
    let closing = text(&once.stderr).lines().last().unwrap().to_string();
    assert!(closing.contains("(1 run"), "{closing}");
    assert!(!closing.starts_with("best 3625 "), "{closing}");
}

#[test]
fn an_optimizer_says_how_many_of_its_runs_reached_its_best() {
    for cmd in ["anneal", "hillclimb"] {
        let mut args = vec![cmd, "--size", "3x3", "--seed", "5", "--runs", "4"];
        args.extend(if cmd == "anneal" {
            ["--steps", "2000"]
        } else {
            ["--stall", "3000"]
        });
        let out = boggle(&args, "");
        assert!(out.status.success(), "{cmd}");
        // The best score is the last line of stdout; the closing line counts the runs at it.
        let stdout = text(&out.stdout);
        let best = stdout
            .lines()
            .last()
            .and_then(|l| l.split('\t').next())
            .unwrap();
        let stderr = text(&out.stderr);
        let closing = stderr.lines().last().unwrap();
        let (start, end) = ("(4 runs, ".to_string(), format!(" reached {best}); top"));
        let reached = closing
            .split_once(&start)
            .and_then(|(_, rest)| rest.split_once(&end))
            .map(|(n, _)| n.parse::<u32>().unwrap())
            .unwrap_or_else(|| panic!("{cmd}: {closing}"));
        assert!((1..=4).contains(&reached), "{cmd}: {closing}");
    }
}

#[test]
fn hillclimb_refuses_a_stall_cut_off_shorter_than_one_board_s_neighbours() {
    // `boggle hillclimb --size 3x3 --stall N`, with `more` arguments.
    let climb = |stall: &str, more: &[&str]| {
        boggle(
            &[&["hillclimb", "--size", "3x3", "--stall", stall][..], more].concat(),
            "",
        )
    };
    let all = ["--letters", "abcdefghijklmnopqrstuvwxyz"];
    let out = climb("100", &[]);
    assert_eq!(out.status.code(), Some(2));
    // 3x3 with the default 20 letters: 9 cells x 19 other letters + 36 swaps.
    let says = |out: &std::process::Output, what: &str| {
        assert!(text(&out.stderr).contains(what), "{}", text(&out.stderr))
    };
    says(&out, "boggle: --stall must be 0 (off) or 207");
    // With every letter: 9 x 25 + 36.
    says(
        &climb("100", &all),
        "boggle: --stall must be 0 (off) or 261",
    );
    let out = climb("261", &all);
    assert!(out.status.success(), "{}", text(&out.stderr));
}

#[test]
fn the_optimizers_refuse_one_letter_which_makes_a_single_board() {
    for optimizer in ["hillclimb", "anneal"] {
        let out = boggle(&[optimizer, "--size", "3x3", "--letters", "a, A"], "");
        assert_eq!(out.status.code(), Some(2), "{optimizer}");
        assert!(
            text(&out.stderr)
                .contains("one letter makes a single board: give at least two letters a-z"),
            "{}",
            text(&out.stderr)
        );
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn defaults_come_from_the_engine_options() {
    let out = boggle(&["defaults"], "");
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["optimize"]["hillclimb"]["pool"], 250);
    assert_eq!(v["optimize"]["anneal"]["schedule"], "geometric");
    let temperatures = &v["optimize"]["temperatures"];
    assert_eq!(temperatures["4x4"]["published"][0], 100.0);
    assert_eq!(
        temperatures["4x4"]["geometric"],
        serde_json::json!([100.0, 30.0])
    );
    assert_eq!(
        temperatures["5x5"]["tempering"],
        serde_json::json!([195.0, 59.0])
    );
    // Every size the engine takes has a row.
    assert_eq!(temperatures.as_object().unwrap().len(), 25);
    assert_eq!(v["optimize"]["hillclimb"]["remember"], 1 << 20);
    assert_eq!(v["optimize"]["max_side"], 6);
    assert_eq!(v["break"]["switch"], 2.3);
    // The limits the page passes to the engine are the engine's constants.
    let min_mb = boggle::breaking::options::MIN_MEMORY_MB;
    assert_eq!(v["break"]["min_memory_mb"], min_mb);
    assert_eq!(
        v["break"]["trace_nodes"],
        boggle::breaking::plain::TRACE_NODES
    );
    assert_eq!(v["break"]["max_found"], boggle::breaking::MAX_FOUND);
    assert_eq!(
        v["break"]["page_max_found"],
        boggle::breaking::PAGE_MAX_FOUND
    );
    assert_eq!(
        v["bounds"]["max_steps"],
        boggle::bounds::explain::DETAILS_MAX_STEPS
    );
    assert_eq!(
        v["bounds"]["tree_nodes"],
        boggle::bounds::explain::TREE_NODES
    );
    // The board sizes and a round's limits, which the page reads rather than copies.
    assert_eq!(v["board"]["min_side"], boggle::engine::board::MIN_SIDE);
    assert_eq!(v["board"]["max_side"], boggle::engine::board::MAX_SIDE);
    let by_length = v["board"]["sizes_by_length"]
        .as_array()
        .expect("sizes_by_length");
    assert_eq!(
        by_length.len(),
        boggle::engine::board::SIZES_BY_LENGTH.len()
    );
    assert_eq!(by_length[2], serde_json::json!([12, 3, 4]));
    assert_eq!(v["play"]["max_claimed"], boggle::play::MAX_CLAIMED);
    assert_eq!(
        v["play"]["min_word_letters"],
        boggle::engine::scoring::MIN_WORD_LETTERS
    );
    assert_eq!(v["play"]["dice"], serde_json::json!(["4x4", "5x5", "6x6"]));
    // The named proofs, which the Break view's buttons run.
    let proofs = v["proofs"].as_array().expect("proofs");
    assert_eq!(proofs.len(), boggle::breaking::partition::PROOFS.len());
    assert_eq!(proofs[4]["name"], "4x4-any-corner");
    assert_eq!(proofs[4]["size"], "4x4");
    assert_eq!(proofs[4]["target"], 3500);
    // Each with its number of classes, as a partition run numbers them.
    let classes: Vec<_> = proofs.iter().map(|p| p["classes"].as_u64()).collect();
    let published = [34_960, 27_135, 1_863, 1_068_363, 67_257, 1_863, 67_257];
    assert_eq!(classes, published.map(Some));
    let module = boggle(&["defaults", "--module"], "");
    let text = String::from_utf8(module.stdout).unwrap();
    assert!(text.contains("export default {\"optimize\":"));
}

#[test]
fn a_compiled_list_is_a_tenth_of_the_text_and_scores_the_same() {
    let dir = common::temp_dir("compile");
    let list = concat!(env!("CARGO_MANIFEST_DIR"), "/wordlists/enable2k.txt");
    let out_path = dir.join("enable2k.dawg");
    let out = boggle(
        &[
            "compile-list",
            "--wordlist",
            list,
            out_path.to_str().unwrap(),
        ],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    // It says what it wrote: the words and fingerprint a proof made with it records, and the
    // source's 126 lines no board can use (two-letter words), but no notes as for a mistake.
    assert_eq!(
        text(&out.stdout),
        format!(
            "wrote '{}': 173,402 words, fingerprint bbfd72df9041cafd, 126 lines skipped\n",
            out_path.display()
        )
    );
    let size = std::fs::metadata(&out_path).unwrap().len();
    let text_size = std::fs::metadata(list).unwrap().len();
    assert!(size * 10 < text_size, "{size} bytes against {text_size}");
    let out = boggle(
        &[
            "score",
            "--wordlist",
            out_path.to_str().unwrap(),
            "perslatgsineters",
            "streaedlp",
            "ligdrmanesietildsracsepes",
        ],
        "",
    );
    assert_eq!(
        text(&out.stdout),
        "perslatgsineters\t3625\nstreaedlp\t545\nligdrmanesietildsracsepes\t10406\n"
    );
    // Cut short, it is refused with a clear line, not a panic.
    let bytes = std::fs::read(&out_path).unwrap();
    std::fs::write(&out_path, &bytes[..bytes.len() / 2]).unwrap();
    let out = boggle(
        &[
            "score",
            "--wordlist",
            out_path.to_str().unwrap(),
            "streaedlp",
        ],
        "",
    );
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("damaged"),
        "{}",
        text(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A target so low that most boards reach it: the search stops past the boards it keeps, says
/// so on one line and prints none, instead of filling memory (40 million boards here).
#[test]
fn break_stops_past_the_boards_it_keeps() {
    let class = ["aeinrst"; 9].join(" ");
    let out = boggle(
        &[
            "break",
            "--quiet",
            "--threads",
            "2",
            "--target",
            "1",
            &class,
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty(), "no board is printed");
    let err = text(&out.stderr);
    assert!(
        err.contains(
            "boggle: more than 1,000,000 boards reach the target 1: raise the target (the boards found are not printed)"
        ),
        "{err}"
    );
}

/// A class with an empty cell is eliminated by its bound when that is below the target, and
/// refused with one line when it reaches it (its boards keep a hole, which no breaker scores).
#[test]
fn break_settles_a_class_with_an_empty_cell_by_its_bound() {
    let none = boggle(&["break", "--target", "1", ". . . . . . . . a"], "");
    assert_eq!(none.status.code(), Some(0));
    assert!(none.stdout.is_empty());
    let err = text(&none.stderr);
    assert!(
        err.contains("break: 1 board done in ")
            && err.contains(": 0 found, 1 class visited, 1 eliminated, 0 split, 0 boards scored"),
        "{err}"
    );
    let near = "st . rs / e ae e / d l ps";
    assert_eq!(
        boggle(&["break", "--target", "401", near], "")
            .status
            .code(),
        Some(0)
    );
    let out = boggle(&["break", "--target", "400", near], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert_eq!(
        text(&out.stderr),
        "boggle: class: row 1, column 2 is empty: a class with an empty cell can only be \
         eliminated by its bound, and its bound 400 reaches the target 400\n"
    );
}

/// The closing statistics agree in number with their counts: a one-board class is "1 board",
/// its one scored board "1 board scored", and a bigger class's counts are grouped.
#[test]
fn break_statistics_read_as_sentences() {
    let one = boggle(&["break", "--target", "500", "streaedlp"], "");
    assert_eq!(text(&one.stdout), "545\tstreaedlp\n");
    let err = text(&one.stderr);
    assert!(err.contains("break: 1 board done in "), "{err}");
    assert!(err.contains(", 1 board scored, "), "{err}");
    let class = "lnrsy aeiou chkmpt chkmpt aeiou lnrsy lnrsy aeiou bdfgjvwxz";
    let many = boggle(&["break", "--target", "500", class], "");
    let err = text(&many.stderr);
    assert!(err.contains("break: 5,062,500 boards done in "), "{err}");
    assert!(err.contains(" classes visited, "), "{err}");
    // A partition of one class says so in its header.
    let all = "abcdefghijklmnopqrstuvwxyz";
    let part = boggle(
        &[
            "break",
            "--partition",
            all,
            "--size",
            "2x2",
            "--target",
            "20",
        ],
        "",
    );
    let err = text(&part.stderr);
    assert!(
        err.starts_with("break: 1 of 1 class (1 assignment, symmetric images skipped) of "),
        "{err}"
    );
}

/// `boggle words` heads its list with the board, size, points and words, in the right number,
/// and the list it used.
#[test]
fn words_header_agrees_in_number() {
    let one = boggle(&["words", "zarh"], "");
    assert_eq!(
        text(&one.stdout),
        "zarh\t2x2\t1 point\t1 word\tENABLE2K\n1\trah\t2,1,3\n"
    );
    let many = boggle(&["words", "perslatgsineters"], "");
    let out = text(&many.stdout);
    assert_eq!(
        out.lines().next(),
        Some("perslatgsineters\t4x4\t3625 points\t1045 words\tENABLE2K")
    );
}

#[test]
fn each_optimizer_s_help_gives_its_own_default_letters() {
    let help = |cmd: &str| text(&boggle(&[cmd, "--help"], "").stdout);
    assert!(help("anneal").contains("The letters boards may use [default: every letter]"));
    assert!(help("hillclimb")
        .contains("The letters boards may use [default: the word list's 20 most common letters]"));
}

/// A full device behind stdout or stderr costs the message, never a panic (exit 101, or an
/// abort): the command ends with its own exit code and says why where it still can.
#[test]
fn a_full_disk_behind_stdout_or_stderr_is_an_error_not_a_panic() {
    use std::process::{Command, Stdio};
    let full = || {
        std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full")
    };
    let r = Command::new(env!("CARGO_BIN_EXE_boggle"))
        .args(["score", "--board", "abcd", "--words", "/no/such/list"])
        .stderr(full())
        .status()
        .unwrap();
    assert_eq!(r.code(), Some(2), "a refused list with stderr full");
    let r = Command::new(env!("CARGO_BIN_EXE_boggle"))
        .arg("defaults")
        .stdout(full())
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert_eq!(r.status.code(), Some(2));
    assert!(
        text(&r.stderr).contains("boggle: the disk is full"),
        "{}",
        text(&r.stderr)
    );
}

/// A board with more paths through the word list than the solver follows is reported like a
/// bad board (and the other boards still scored); `words`, the searches and `break` end with
/// the reason.
#[test]
fn a_board_with_too_many_paths_is_reported_not_walked_for_hours() {
    let dir = common::temp_dir("paths");
    let list = dir.join("repeats.txt");
    let words: String = (3..=25).map(|n| "e".repeat(n) + "\n").collect();
    std::fs::write(&list, words).unwrap();
    let list = list.to_str().unwrap();
    let all_e = "e".repeat(25);
    let out = boggle(&["score", "--wordlist", list], &format!("{all_e}\neeee\n"));
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "eeee\t2\n");
    let err = text(&out.stderr);
    assert!(
        err.starts_with(
            "boggle: line 1: this board and word list have more than 100,000,000 paths"
        ),
        "{err}"
    );
    let out = boggle(&["words", "--wordlist", list, &all_e], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("more than 100,000,000 paths"));
    let out = boggle(
        &[
            "anneal",
            "--wordlist",
            list,
            "--size",
            "5x5",
            "--letters",
            "ef",
            "--runs",
            "1",
            "--quiet",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("more than 100,000,000 paths"));
    // Breaking the class of that board gives up on it too, and records no class as settled.
    let out_file = dir.join("classes.jsonl");
    let out = boggle(
        &[
            "break",
            "--wordlist",
            list,
            "--target",
            "10",
            "--partition",
            "e",
            "--size",
            "5x5",
            "--quiet",
            "--out",
            out_file.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains(&format!(
            "boggle: class 0: board {all_e}: this board and word list have more than 100,000,000 \
             paths"
        )),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(std::fs::read_to_string(&out_file).unwrap(), "");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A target too large for its type is refused with the real limit, as any other too-large
/// target is, not the type's 4,294,967,295.
#[test]
fn a_huge_target_is_refused_with_the_real_limit() {
    // The optimizers and break word the one rule alike, naming the flag.
    let rule = "must be at most 999,999, far above any board's score\n";
    for command in ["anneal", "hillclimb"] {
        for target in ["1000000", "4294967296", "99999999999999999999999"] {
            let out = boggle(&[command, "--size", "4x4", "--target", target], "");
            assert_eq!(out.status.code(), Some(2));
            assert_eq!(
                text(&out.stderr),
                format!("boggle: --target {rule}"),
                "{command} {target}"
            );
        }
    }
    let out = boggle(&["break", "--proof", "3x3", "--target", "4294967296"], "");
    assert_eq!(text(&out.stderr), format!("boggle: --target {rule}"));
}

/// Ctrl-C stops a search that would never end (no board reaches its target, runs without
/// limit) and prints the best boards found so far, with the exit code of an interrupted
/// program.
#[test]
fn ctrl_c_stops_a_search_and_prints_its_best_boards() {
    stopped_by_signal_prints_its_best_boards("-INT");
}

/// SIGTERM (how a batch system stops a job) stops a search as Ctrl-C does.
#[test]
fn sigterm_stops_a_search_as_ctrl_c_does() {
    stopped_by_signal_prints_its_best_boards("-TERM");
}

fn stopped_by_signal_prints_its_best_boards(signal: &str) {
    use std::io::{BufRead, BufReader, Read};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_boggle"))
        .args([
            "anneal", "--size", "3x3", "--runs", "0", "--target", "999999",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut err = BufReader::new(child.stderr.take().unwrap());
    // The first progress line: the search is under way (and the handler set before it).
    let mut first = String::new();
    err.read_line(&mut first).unwrap();
    assert!(first.contains("run "), "{first}");
    common::signal(&child, signal);
    let mut rest = String::new();
    err.read_to_string(&mut rest).unwrap();
    let out = common::stdout_of(&mut child);
    assert_eq!(child.wait().unwrap().code(), Some(130));
    assert!(
        rest.starts_with("interrupted: the best boards found so far follow\n"),
        "{rest}"
    );
    let last = out.lines().last().expect("the best boards");
    let (score, board) = last.split_once('\t').unwrap();
    // What was found is true: the board scores what the search says.
    let scored = boggle(&["score", board], "");
    assert_eq!(text(&scored.stdout), format!("{board}\t{score}\n"));
}

/// A sample larger than the search is the whole search, and the run says so.
#[test]
fn a_sample_larger_than_the_search_says_it_breaks_every_class() {
    let out = boggle(
        &[
            "break",
            "--partition",
            "aeiou bcdfghjklmnpqrstvwxyz",
            "--size",
            "2x2",
            "--target",
            "10",
            "--sample",
            "500",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0));
    let err = text(&out.stderr);
    assert!(
        err.starts_with(
            "break: --sample 500: the search has 6 classes, so every class is broken\n"
        ),
        "{err}"
    );
    assert!(err.contains("sample: 6 classes:"), "{err}");
}

/// An option the chosen schedule, restart or order does not use is refused by name with the
/// mode that would use it, as `break --seed` without `--sample` is, instead of being ignored.
#[test]
fn an_option_the_chosen_mode_does_not_use_is_refused() {
    for (args, said) in [
        (
            &["anneal", "--cooling", "0.1"][..],
            "--cooling works only with --schedule published: the geometric schedule does not use it",
        ),
        (
            &["anneal", "--acceptance", "0.5"],
            "--acceptance works only with --schedule adaptive: the geometric schedule does not use it",
        ),
        (
            &["anneal", "--schedule", "adaptive", "--replicas", "4"],
            "--replicas works only with --schedule tempering: the adaptive schedule does not use it",
        ),
        (
            &["anneal", "--schedule", "tempering", "--stall", "5"],
            "--stall works only with --schedule published: the tempering schedule does not use it",
        ),
        (
            &["anneal", "--schedule", "published", "--t-end", "5"],
            "--t-end works only with --schedule geometric or tempering: the published schedule \
             does not use it",
        ),
        (
            &["anneal", "--perturb", "3"],
            "--perturb works only with --restart perturb: the random restart does not use it",
        ),
        (
            &["hillclimb", "--order", "rounds", "--expansions", "5"],
            "--expansions works only with --order best: the rounds order does not use it",
        ),
    ] {
        let out = boggle(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let command = args[0];
        assert_eq!(
            text(&out.stderr),
            format!("boggle: {said} (see boggle {command} --help)\n")
        );
    }
    // Given with the mode that uses it, the option runs.
    let out = boggle(
        &[
            "anneal",
            "--schedule",
            "published",
            "--cooling",
            "0.1",
            "--stall",
            "50",
            "--size",
            "3x3",
            "--runs",
            "1",
            "-q",
        ],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
}

/// Messages about temperatures name the option typed and print numbers readably.
#[test]
fn temperature_messages_name_what_was_typed_in_short_numbers() {
    let out = boggle(&["anneal", "--t0", "5e-324"], "");
    assert_eq!(
        text(&out.stderr),
        "boggle: --t0 must be 0 or large enough that the final temperature taken from it is \
         above 0\n"
    );
    let out = boggle(&["anneal", "--t-end", "1e308"], "");
    assert_eq!(
        text(&out.stderr),
        "boggle: --t-end: geometric: the final temperature (t_end, 1e308) must be at most the \
         starting one (t0, 100): the schedule cools\n"
    );
}

/// An argument that is not UTF-8 is named by its place; every file name is held to UTF-8 alike.
#[test]
fn an_argument_that_is_not_utf8_is_named() {
    use std::os::unix::ffi::OsStrExt;
    use std::process::Command;
    let run = |args: &[&[u8]]| {
        Command::new(env!("CARGO_BIN_EXE_boggle"))
            .args(args.iter().map(|a| std::ffi::OsStr::from_bytes(a)))
            .output()
            .unwrap()
    };
    let out = run(&[b"score", b"ab\xffd"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "boggle: argument 2 ('ab\u{fffd}d') is not UTF-8 text: give names and values in UTF-8 \
         (see boggle score --help)\n"
    );
    let dir = common::temp_dir("utf8");
    let mut name = dir.as_os_str().as_bytes().to_vec();
    name.extend_from_slice(b"/list\xff.dawg");
    let out = run(&[b"compile-list", &name]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).starts_with("boggle: argument 2 ("),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        0,
        "nothing written"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// What bash's completion offers for `words` (the command line so far, the last word being
/// completed) with the script `boggle completions bash` prints loaded.
fn bash_completes(words: &[&str]) -> Vec<String> {
    let script = boggle(&["completions", "bash"], "");
    assert!(script.status.success(), "{}", text(&script.stderr));
    let quoted: Vec<String> = words.iter().map(|w| format!("'{w}'")).collect();
    let n = words.len();
    let program = format!(
        "{}\nCOMP_WORDS=({})\nCOMP_CWORD={}\n_boggle boggle '{}' '{}'\nprintf '%s\\n' \"${{COMPREPLY[@]}}\"\n",
        text(&script.stdout),
        quoted.join(" "),
        n - 1,
        words[n - 1],
        words[n - 2],
    );
    let out = std::process::Command::new("bash")
        .args(["--norc", "--noprofile", "-c", &program])
        .output()
        .expect("bash runs");
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout).lines().map(String::from).collect()
}

#[test]
fn bash_completes_commands_options_and_the_engine_s_values() {
    assert_eq!(bash_completes(&["boggle", "br"]), ["break"]);
    assert_eq!(bash_completes(&["boggle", "break", "--ta"]), ["--target"]);
    // Values come from the engine's own option types.
    assert_eq!(
        bash_completes(&["boggle", "anneal", "--schedule", ""]),
        ["published", "geometric", "adaptive", "tempering"]
    );
    assert_eq!(
        bash_completes(&["boggle", "roll", "--dice", ""]),
        ["4x4", "5x5", "6x6"]
    );
    for shell in ["zsh", "fish"] {
        let out = boggle(&["completions", shell], "");
        assert!(out.status.success());
        assert!(text(&out.stdout).contains("hillclimb"), "{shell}");
    }
    let out = boggle(&["completions", "tcsh"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("possible values: bash, elvish, fish, powershell, zsh"),
        "{}",
        text(&out.stderr)
    );
}

/// `compile-list` writes only a new file or over a compiled list: the text list it reads, by
/// any name, and any other file that is not a compiled list are refused and left whole; and
/// a write that fails leaves the old compiled list as it was, with nothing half written.
#[test]
fn compile_list_never_overwrites_what_is_not_a_compiled_list() {
    let dir = common::temp_dir("overwrite");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    let list = dir.join("my-list.txt");
    std::fs::write(&list, "cat\nact\ntac\n").unwrap();
    let other = dir.join("notes.txt");
    std::fs::write(&other, "not a word list\n").unwrap();
    let at = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let list_arg = at("my-list.txt");
    let compile = |out: &str| boggle(&["compile-list", "--wordlist", &list_arg, out], "");
    // The list itself, by its own name and by another way to it.
    for out in [list_arg.clone(), at("sub/../my-list.txt")] {
        let r = compile(&out);
        assert_eq!(r.status.code(), Some(2), "{out}");
        assert_eq!(
            text(&r.stderr),
            format!(
                "boggle: '{out}': it is the word list being compiled: give the compiled list a \
                 name of its own (e.g. list.dawg)\n"
            )
        );
        assert!(r.stdout.is_empty());
    }
    let r = compile(&at("notes.txt"));
    assert_eq!(r.status.code(), Some(2));
    assert_eq!(
        text(&r.stderr),
        format!(
            "boggle: '{}': it exists and is not a compiled list: give another name, or remove \
             the file first if it is to go\n",
            at("notes.txt")
        )
    );
    assert_eq!(std::fs::read_to_string(&list).unwrap(), "cat\nact\ntac\n");
    assert_eq!(
        std::fs::read_to_string(&other).unwrap(),
        "not a word list\n"
    );
    // A new file, then that compiled list again: recompiling is the usual way to update one.
    let dawg = at("my-list.dawg");
    for _ in 0..2 {
        let r = compile(&dawg);
        assert!(r.status.success(), "{}", text(&r.stderr));
    }
    let small = std::fs::read(&dawg).unwrap();
    assert!(small.starts_with(b"BOGDAWG"));
    // A write cut short by a limit on file sizes leaves the old list, and no part file.
    let r = std::process::Command::new("bash")
        .args([
            "-c",
            "trap '' XFSZ; ulimit -f 8; exec \"$0\" compile-list --wordlist enable2k \"$1\"",
            env!("CARGO_BIN_EXE_boggle"),
            &dawg,
        ])
        .output()
        .unwrap();
    assert_eq!(r.status.code(), Some(2), "{}", text(&r.stderr));
    assert!(
        text(&r.stderr).starts_with(&format!("boggle: cannot write '{dawg}': ")),
        "{}",
        text(&r.stderr)
    );
    assert_eq!(std::fs::read(&dawg).unwrap(), small);
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["my-list.dawg", "my-list.txt", "notes.txt", "sub"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `compile-list` reports a stdout it cannot write as every command does: a closed pipe ends
/// it quietly, a full disk is said; neither is a panic.
#[test]
fn compile_list_says_a_full_stdout_and_ends_quietly_at_a_closed_pipe() {
    use std::process::{Command, Stdio};
    let dir = common::temp_dir("compile-out");
    let out = dir.join("out.dawg");
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let r = Command::new(env!("CARGO_BIN_EXE_boggle"))
        .args(["compile-list", out.to_str().unwrap()])
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(r.status.code(), Some(2));
    assert_eq!(text(&r.stderr), "boggle: the disk is full\n");
    // Its stdout closed before it writes: nothing to report, and the list is written.
    std::fs::remove_file(&out).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_boggle"))
        .args(["compile-list", out.to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let r = child.wait_with_output().unwrap();
    assert_eq!((r.status.code(), text(&r.stderr)), (Some(0), String::new()));
    assert!(std::fs::read(&out).unwrap().starts_with(b"BOGDAWG"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A board of a shape its length does not give (4x3, 5x4, 2x3) prints its rows apart, and
/// every command reads that form back as the same board; rows typed apart set the shape for
/// boards as for classes.
#[test]
fn boards_of_shapes_their_length_does_not_give_read_back_as_printed() {
    let out = boggle(&["score", "--size", "4x3", "desntriaeslp"], "");
    assert_eq!(text(&out.stdout), "des/ntr/iae/slp\t1651\n");
    // A board whose length gives its shape prints as before.
    let out = boggle(&["score", "perslatgsineters"], "");
    assert_eq!(text(&out.stdout), "perslatgsineters\t3625\n");
    let out = boggle(&["score", "des/ntr/iae/slp", "desn/tria/eslp"], "");
    assert_eq!(
        text(&out.stdout),
        "des/ntr/iae/slp\t1651\ndesntriaeslp\t479\n"
    );
    let out = boggle(&["score", "--size", "5x4", "ligdrmanesietildsrac"], "");
    assert_eq!(text(&out.stdout), "ligd/rman/esie/tild/srac\t1278\n");
    let out = boggle(&["score", "ligd/rman/esie/tild/srac"], "");
    assert_eq!(text(&out.stdout), "ligd/rman/esie/tild/srac\t1278\n");
    let out = boggle(&["canonical", "des/ntr/iae/slp"], "");
    let (board, form) = text(&out.stdout)
        .trim_end()
        .split_once('\t')
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .unwrap();
    assert_eq!(board, "des/ntr/iae/slp");
    assert_eq!(form.split('/').count(), 4, "{form}");
    let out = boggle(&["score", &form], "");
    assert_eq!(text(&out.stdout), format!("{form}\t1651\n"));
    let out = boggle(&["words", "des/ntr/iae/slp"], "");
    assert_eq!(
        text(&out.stdout).lines().next(),
        Some("des/ntr/iae/slp\t4x3\t1651 points\t600 words\tENABLE2K")
    );
    // Rows of different lengths are no board.
    let out = boggle(&["score", "des/ntri/aeslp"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("row 2 has 4 letters but row 1 has 3"),
        "{}",
        text(&out.stderr)
    );
    // A break of a 4x3 class and an optimizer's 4x3 search print boards that score as printed.
    let out = boggle(
        &[
            "break",
            "--target",
            "1600",
            "d e s / n t r / i a e / s l {p,t}",
        ],
        "",
    );
    assert_eq!(text(&out.stdout), "1651\tdes/ntr/iae/slp\n");
    let out = boggle(
        &[
            "hillclimb",
            "--size",
            "4x3",
            "--seed",
            "1",
            "-q",
            "--top",
            "1",
        ],
        "",
    );
    let (score, board) = text(&out.stdout)
        .trim_end()
        .split_once('\t')
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .unwrap();
    assert_eq!(board.split('/').count(), 4, "{board}");
    let out = boggle(&["score", &board], "");
    assert_eq!(text(&out.stdout), format!("{board}\t{score}\n"));
    // Bound reads a board's rows as the class grammar reads a class's: the same shape.
    let spaced = boggle(&["bound", "p e r / s l a / t g s / i n e"], "");
    let joined = boggle(&["bound", "per/sla/tgs/ine"], "");
    assert!(spaced.status.success());
    assert_eq!(text(&joined.stdout), text(&spaced.stdout));
    let out = boggle(&["bound", "ab/cd/ef"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).ends_with("boards\t1\n"));
}

/// `--wordlist -` reads the list from stdin when the boards are given as arguments, in every
/// command, as /dev/stdin does.
#[test]
fn a_word_list_on_stdin_is_read_when_the_boards_are_arguments() {
    let out = boggle(&["score", "--wordlist", "-", "catdogact"], "cat\nact\n");
    assert_eq!(
        (text(&out.stdout), text(&out.stderr)),
        ("catdogact\t2\n".into(), String::new())
    );
    let out = boggle(&["words", "--wordlist", "-", "catdogact"], "cat\nact\n");
    assert_eq!(
        text(&out.stdout).lines().next(),
        Some("catdogact\t3x3\t2 points\t2 words\tstdin")
    );
    let out = boggle(&["bound", "--wordlist", "-", "catdogact"], "cat\nact\n");
    assert!(
        text(&out.stdout).starts_with("max_nomark\t2\n"),
        "{}",
        text(&out.stderr)
    );
    // Boards would come from stdin too: refused, as before.
    let out = boggle(&["score", "--wordlist", "-"], "cat\nact\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("reads stdin, where the boards would come from"));
}

/// Misspelt commands and options keep clap's tip naming what was meant.
#[test]
fn a_typo_s_tip_names_what_was_meant() {
    let out = boggle(&["scor", "x"], "");
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("unrecognized subcommand 'scor'")
            && err.contains("tip: a similar subcommand exists: 'score'"),
        "{err}"
    );
    let err = text(&boggle(&["score", "--multibogle", "x"], "").stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("tip: a similar argument exists: '--multiboggle'"),
        "{err}"
    );
}

/// `--runs 0` alone restarts until Ctrl-C, as its help says, and then prints the best boards.
#[test]
fn runs_0_alone_restarts_until_ctrl_c() {
    let help = text(&boggle(&["anneal", "--help"], "").stdout);
    assert!(
        help.contains("0 keeps restarting until --target, --seconds or Ctrl-C stops it"),
        "{help}"
    );
    use std::io::{BufRead, BufReader, Read};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_boggle"))
        .args(["anneal", "--size", "3x3", "--runs", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut err = BufReader::new(child.stderr.take().unwrap());
    // A progress line: the search is under way.
    let mut line = String::new();
    while !line.contains(" run ") {
        line.clear();
        assert!(
            err.read_line(&mut line).unwrap() > 0,
            "stderr ended: {line}"
        );
    }
    common::signal(&child, "-INT");
    let mut rest = String::new();
    err.read_to_string(&mut rest).unwrap();
    let out = common::stdout_of(&mut child);
    assert_eq!(child.wait().unwrap().code(), Some(130), "{rest}");
    assert!(
        rest.contains("interrupted: the best boards found so far follow"),
        "{rest}"
    );
    assert!(!out.is_empty());
}

/// A word list that is not a file and not a built-in name says which names are built in.
#[test]
fn a_missing_word_list_names_the_built_in_ones() {
    let out = boggle(&["score", "--wordlist", "enable", "abcd"], "");
    assert_eq!(
        text(&out.stderr),
        "boggle: cannot read word list 'enable': no such file or folder (built-in lists: \
         enable2k, yawl)\n"
    );
}

/// `--help` whose output cannot be written says so, as every command's output does.
#[test]
fn help_on_a_full_disk_is_an_error() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let r = std::process::Command::new(env!("CARGO_BIN_EXE_boggle"))
        .args(["score", "--help"])
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(r.status.code(), Some(2));
    assert_eq!(text(&r.stderr), "boggle: the disk is full\n");
}

/// Letters that leave a die with no face to show cannot go with the dice as letter source
/// (its boards could not be rolled with them); letters every die shows still do.
#[test]
fn dice_refuse_letters_that_leave_a_die_no_face() {
    for cmd in ["anneal", "hillclimb"] {
        let out = boggle(
            &[
                cmd,
                "--source",
                "dice",
                "--letters",
                "abc",
                "--seconds",
                "1",
            ],
            "",
        );
        assert_eq!(out.status.code(), Some(2), "{cmd}");
        assert_eq!(
            text(&out.stderr),
            "boggle: --letters: 10 of the 16 dice show none of the letters abc (e.g. deilrx): \
             with the dice as letter source every die needs one, or use the uniform source\n",
            "{cmd}"
        );
    }
    let out = boggle(
        &[
            "anneal",
            "--source",
            "dice",
            "--letters",
            "aeioun",
            "--steps",
            "100",
            "-q",
        ],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
}

/// `--min N` counts only words of N letters or more, in `score` (either scoring) and `words`,
/// and a shortest word the engine does not take is refused with its range.
#[test]
fn a_longer_shortest_word_leaves_the_shorter_words_out() {
    let board = "ligdrmanesietildsracsepes";
    let all = text(&boggle(&["words", board], "").stdout);
    let points = |text: &str, min: usize| -> u32 {
        text.lines()
            .skip(1)
            .map(|l| l.split('\t').collect::<Vec<_>>())
            .filter(|f| f[1].len() >= min)
            .map(|f| f[0].parse::<u32>().unwrap())
            .sum()
    };
    assert_eq!(points(&all, 3), 10406);
    let four = boggle(&["words", "--min", "4", board], "");
    let four = text(&four.stdout);
    assert!(four
        .lines()
        .skip(1)
        .all(|l| l.split('\t').nth(1).unwrap().len() >= 4));
    assert_eq!(points(&four, 3), points(&all, 4));
    let scored = boggle(&["score", "--min", "4", board], "");
    assert_eq!(
        text(&scored.stdout),
        format!("{board}\t{}\n", points(&all, 4))
    );
    // Multiboggle counts a word once per set of cells: never less.
    let mb = boggle(&["score", "--min", "4", "--multiboggle", board], "");
    let mb: u32 = text(&mb.stdout)
        .trim()
        .rsplit('\t')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(mb >= points(&all, 4));
    for bad in ["2", "9", "x"] {
        let out = boggle(&["score", "--min", bad, board], "");
        assert_eq!(out.status.code(), Some(2));
        assert!(text(&out.stderr).contains("--min"), "{}", text(&out.stderr));
    }
}
