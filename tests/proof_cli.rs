//! Proof files from the command line: shards, `--out`, `--resume` after a killed run, and
//! `boggle merge`, which must give exactly what one uninterrupted run gives.

mod common;

use common::text;
use std::path::Path;
use std::process::Output;

const PARTITION: &str = "bdfgjqvwxz aeiou lnrsy chkmpt";
/// 600 classes of the 3x3 search with boards at 400 points or more among them.
const IDS: &str = "25000-25599";

fn boggle(args: &[&str]) -> Output {
    common::boggle(args, "")
}

/// `boggle break` on the 3x3 partition at `target`, then `extra`.
fn partition_args<'a>(target: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut a = vec![
        "break",
        "--partition",
        PARTITION,
        "--size",
        "3x3",
        "--target",
        target,
    ];
    a.extend_from_slice(extra);
    a
}

/// The small proof of this file: classes `IDS` at 400, then `extra`.
fn break_args<'a>(extra: &[&'a str]) -> Vec<&'a str> {
    let mut a = partition_args("400", &["--class-id", IDS, "--quiet"]);
    a.extend_from_slice(extra);
    a
}

fn lines(p: &Path) -> usize {
    std::fs::read_to_string(p)
        .map(|t| t.lines().count())
        .unwrap_or(0)
}

#[test]
fn shards_and_a_killed_run_resumed_merge_to_the_single_run() {
    let dir = common::temp_dir("proof");
    let single = boggle(&break_args(&["--threads", "1"]));
    assert!(single.status.success(), "{}", text(&single.stderr));
    let expect = text(&single.stdout);
    assert!(
        expect.lines().count() >= 1,
        "the range holds boards: {expect}"
    );

    // Shard 1 of 3 runs whole; shard 2 is left as a run killed part-way leaves its file (its
    // first 20 classes, then a line cut short), then resumed; shard 3 runs whole.
    let out = |k: usize| dir.join(format!("shard-{k}.ndjson"));
    for k in [1, 2, 3] {
        let o = out(k);
        let r = boggle(&break_args(&[
            "--shard",
            &format!("{k}/3"),
            "--out",
            o.to_str().unwrap(),
        ]));
        assert!(r.status.success(), "{}", text(&r.stderr));
    }
    let o2 = out(2);
    let whole = std::fs::read_to_string(&o2).unwrap();
    let records: Vec<&str> = whole.split_inclusive('\n').collect();
    assert!(
        records.len() > 21,
        "shard 2 holds {} classes",
        records.len()
    );
    let mut killed = records[..20].concat();
    killed.push_str(&records[20][..records[20].len() / 2]);
    std::fs::write(&o2, killed).unwrap();
    assert_eq!(lines(&o2), 21, "20 classes and the cut line");

    // Continuing into an existing file needs --resume.
    let refused = boggle(&break_args(&[
        "--shard",
        "2/3",
        "--out",
        o2.to_str().unwrap(),
    ]));
    assert!(!refused.status.success());
    assert!(text(&refused.stderr).contains("pass --resume"));

    // Merging now reports what is missing and fails.
    let files: Vec<String> = (1..=3)
        .map(|k| out(k).to_str().unwrap().to_string())
        .collect();
    let mut merge_args = vec!["merge"];
    merge_args.extend(files.iter().map(|s| s.as_str()));
    let partial = boggle(&merge_args);
    assert!(!partial.status.success());
    // Listed as --class-id takes them, so the missing classes are one paste from a run.
    let said = text(&partial.stderr);
    // Threads finish classes in any order, so which ids the cut file lacks is read from it.
    let id_of = |line: &str| -> usize {
        let at = line.find(r#""id":"#).unwrap() + 5;
        let digits: String = line[at..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        digits.parse().unwrap()
    };
    let kept: std::collections::BTreeSet<usize> = records[..20].iter().map(|l| id_of(l)).collect();
    let lost: std::collections::BTreeSet<usize> = records
        .iter()
        .map(|l| id_of(l))
        .filter(|i| !kept.contains(i))
        .collect();
    let lost: Vec<String> = lost.iter().take(3).map(|i| i.to_string()).collect();
    assert!(
        said.contains(&format!("180 classes missing: {},", lost.join(",")))
            && said.contains(" and 160 more ranges\n"),
        "{said}"
    );

    let resumed = boggle(&break_args(&[
        "--shard",
        "2/3",
        "--out",
        o2.to_str().unwrap(),
        "--resume",
        o2.to_str().unwrap(),
    ]));
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    // A resumed run prints its whole shard's boards, those of the classes it skipped too: shard
    // 1 resumed from its finished file breaks nothing and prints what shard 1 finds.
    let shard_two = boggle(&break_args(&["--shard", "2/3"]));
    assert_eq!(text(&resumed.stdout), text(&shard_two.stdout));
    let shard_one = boggle(&break_args(&["--shard", "1/3"]));
    assert!(!shard_one.stdout.is_empty(), "shard 1 holds boards");
    let again = boggle(&break_args(&[
        "--shard",
        "1/3",
        "--resume",
        out(1).to_str().unwrap(),
    ]));
    assert_eq!(text(&again.stdout), text(&shard_one.stdout));
    assert!(text(&again.stderr).contains("the classes broken now are not saved: add --out FILE"));
    let merged = boggle(&merge_args);
    assert!(merged.status.success(), "{}", text(&merged.stderr));
    assert_eq!(text(&merged.stdout), expect);
    // The run chose 600 ids: complete for them, which is not a proof of the whole search.
    assert!(
        text(&merged.stderr).contains("every class of this run's selection broken exactly once")
    );
    // Every class is in exactly one file, once (a line cut short by the kill is skipped).
    let total: usize = (1..=3).map(|k| lines(&out(k))).sum();
    assert!((600..=601).contains(&total), "{total} lines");

    // A class broken twice is reported.
    let twice = vec![
        "merge",
        files[0].as_str(),
        files[1].as_str(),
        files[2].as_str(),
        files[0].as_str(),
    ];
    let dup = boggle(&twice);
    assert!(!dup.status.success());
    assert!(text(&dup.stderr).contains("broken more than once"));

    // Lines that are not finished classes are named, the first ten of them, by merge and by a
    // resumed run (whose classes they would have been are broken again).
    let junk = dir.join("junk.ndjson");
    let numbers: String = (1..=12).map(|n| format!("{n}\n")).collect();
    std::fs::write(&junk, numbers).unwrap();
    let junk = junk.to_str().unwrap();
    let merged = boggle(&["merge", junk]);
    assert!(!merged.status.success());
    let resumed = boggle(&partition_args(
        "400",
        &["--class-id", "3", "--quiet", "--resume", junk],
    ));
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    for (who, run) in [("merge", &merged), ("break", &resumed)] {
        let err = text(&run.stderr);
        assert!(
            err.contains(&format!(
                "{who}: {junk}:10: not a finished class (skipped)\n"
            )),
            "{err}"
        );
        assert!(!err.contains(&format!("{junk}:11")), "{err}");
        assert!(
            err.contains(&format!("{who}: and 2 more such lines\n")),
            "{err}"
        );
    }
    assert!(text(&merged.stderr).ends_with("no finished classes in those files\n"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_sample_prices_the_search_and_bad_selections_are_explained() {
    let s = boggle(&partition_args(
        "500",
        &["--sample", "30", "--seed", "3", "--quiet"],
    ));
    assert!(s.status.success(), "{}", text(&s.stderr));
    let err = text(&s.stderr);
    assert!(
        err.contains("sample: 30 classes: seconds per class min"),
        "{err}"
    );
    assert!(
        err.contains("whole search of 34,960 classes: about"),
        "{err}"
    );
    assert!(err.contains("95% interval"), "{err}");

    for (args, msg) in [
        (
            vec!["--class-id", "40000"],
            "boggle: --class-id 40000: this search has classes 0 to 34959\n",
        ),
        (
            vec!["--class-id", "5-2"],
            "'5-2' runs from high to low: write it 2-5",
        ),
        // Ranges are checked before they expand: neither memory nor a panic. The range is
        // named as typed.
        (
            vec!["--class-id", "7,0-18446744073709551615"],
            "boggle: --class-id 0-18446744073709551615: this search has classes 0 to 34959\n",
        ),
        (
            vec!["--class-id", "99999999999999-99999999999999"],
            "boggle: --class-id 99999999999999: this search has classes 0 to 34959\n",
        ),
        (vec!["--shard", "4/3"], "write K/N with 1 <= K <= N"),
        (vec!["--shard", "0/3"], "write K/N with 1 <= K <= N"),
        (
            vec!["--switch=-1"],
            "boggle: --switch -1: must be 0 or more\n",
        ),
        (vec!["--switch", "nan"], "--switch NaN: it is not a number"),
        (
            vec!["--memory-mb", "1"],
            "boggle: --memory-mb 1: at least 16 MiB is needed\n",
        ),
        (vec!["--threads", "0"], "--threads must be 1 to 1,024"),
        (vec!["--threads", "1025"], "--threads must be 1 to 1,024"),
        (
            vec!["--seed", "3"],
            "--seed works only with --sample: it picks the sampled classes",
        ),
        (
            vec!["--seed", "3", "--class-id", "0"],
            "--seed works only with --sample: it picks the sampled classes",
        ),
    ] {
        let r = boggle(&partition_args("500", &args));
        assert!(!r.status.success(), "{args:?}");
        let e = text(&r.stderr);
        assert!(e.contains(msg), "{args:?}: {e}");
        assert_eq!(e.lines().count(), 1, "one line: {e}");
    }
    for (target, msg) in [
        (
            "0",
            "boggle: --target must be at least 1 (every board scores at least 0)\n",
        ),
        ("999999", ""),
        (
            "1000000",
            "boggle: --target must be at most 999,999, far above any board's score\n",
        ),
    ] {
        let r = boggle(&partition_args(target, &["--class-id", "0", "--quiet"]));
        assert_eq!(r.status.success(), msg.is_empty(), "--target {target}");
        if !msg.is_empty() {
            assert_eq!(text(&r.stderr), msg);
        }
    }
    let bad = boggle(&[
        "break",
        "--partition",
        "abc, corner:ab ab",
        "--size",
        "3x3",
        "--target",
        "5",
    ]);
    assert!(text(&bad.stderr).contains("corner: 'a' is in two groups"));
    let one = boggle(&[
        "break",
        "--partition",
        "aeijou bcdfgmpqvwxz hklnrsty, corner:aeiosuy bcdfghjklmnpqrtvwxz",
        "--size",
        "3x4",
        "--target",
        "1500",
        "--class-id",
        "0",
        "--threads",
        "1",
    ]);
    assert!(one.status.success(), "{}", text(&one.stderr));
    let err = text(&one.stderr);
    assert!(err.contains("break: class 0 ("), "{err}");
    // Counts of one are worded in the singular.
    assert!(err.contains(", 1 thread\n"), "{err}");
}

#[test]
fn runs_over_different_word_lists_never_mix() {
    let dir = common::temp_dir("lists");
    let list = dir.join("small.txt");
    std::fs::write(&list, "tea\neat\nate\nrate\ntear\nstare\n").unwrap();
    let (enable, small) = (dir.join("enable.ndjson"), dir.join("small.ndjson"));
    for (out, words) in [(&enable, None), (&small, Some(&list))] {
        let mut extra = vec!["--class-id", "25000-25009", "--quiet"];
        extra.extend(["--out", out.to_str().unwrap()]);
        if let Some(w) = words {
            extra.extend(["--wordlist", w.to_str().unwrap()]);
        }
        let r = boggle(&partition_args("400", &extra));
        assert!(r.status.success(), "{}", text(&r.stderr));
    }
    let line = std::fs::read_to_string(&enable).unwrap();
    assert!(
        line.contains(r#""words":"173402 words, fingerprint "#),
        "{line}"
    );

    // Resuming the default list's run goes on with the same list and is refused with another,
    // naming both.
    let e = enable.to_str().unwrap();
    let resume = |more: &[&str]| {
        let mut extra = vec!["--class-id", "25000-25009", "--out", e, "--resume", e];
        extra.extend_from_slice(more);
        boggle(&partition_args("400", &extra))
    };
    let resumed = resume(&["--quiet"]);
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    let mixed = resume(&["--wordlist", list.to_str().unwrap()]);
    assert!(!mixed.status.success());
    let err = text(&mixed.stderr);
    assert!(
        err.contains("a line of this search over another word list (173402 words")
            && err.contains("where this one's has 6 words")
            && err.contains("a run resumes with the --wordlist it started with"),
        "{err}"
    );
    // So is merging the two runs' files.
    let merged = boggle(&["merge", e, small.to_str().unwrap()]);
    assert!(!merged.status.success());
    assert!(text(&merged.stderr).contains("over another word list"));

    // Runs of one search over other classes are not mixed either, and the message says so
    // rather than naming the same search twice.
    let shard = dir.join("shard.ndjson");
    let s = shard.to_str().unwrap();
    let r = boggle(&partition_args(
        "400",
        &["--shard", "1/5000", "--out", s, "--quiet"],
    ));
    assert!(r.status.success(), "{}", text(&r.stderr));
    let merged = boggle(&["merge", s, e]);
    assert!(!merged.status.success());
    assert_eq!(
        text(&merged.stderr).lines().last().unwrap(),
        format!(
            "boggle: {e}:1: a line of a run over classes 25000-25009, where this one is over \
             every class: merge the files of one command's shards, and resume a run with the same \
             selection"
        )
    );
    // A run of a few classes, all broken, is complete for them but claims no proof.
    let alone = boggle(&["merge", e]);
    assert!(alone.status.success(), "{}", text(&alone.stderr));
    assert!(
        text(&alone.stderr).ends_with(
            "merge: every class of this run's selection broken exactly once; it holds 10 of the \
             search's 34,960, so it proves nothing of the others\n"
        ),
        "{}",
        text(&alone.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn merge_refuses_hostile_proof_files_and_names_bad_lines() {
    let dir = common::temp_dir("hostile");
    let huge = dir.join("huge.ndjson");
    std::fs::write(
        &huge,
        r#"{"partition":"ab","size":"2x2","target":1,"classes":1000000000000000,"selection":"all","id":1,"class":"a b c d","bound":1,"found":[],"secs":0.1,"nodes":1,"peak_bytes":0}"#,
    )
    .unwrap();
    let r = boggle(&["merge", huge.to_str().unwrap()]);
    assert!(!r.status.success());
    assert_eq!(
        text(&r.stderr).trim(),
        "boggle: 1,000,000,000,000,000 classes: no partition search has more than 16,777,216"
    );
    let garbage = dir.join("garbage.ndjson");
    std::fs::write(&garbage, "not json\n{\"id\": 3}\n").unwrap();
    let r = boggle(&["merge", garbage.to_str().unwrap()]);
    assert!(!r.status.success());
    let g = garbage.display();
    assert_eq!(
        text(&r.stderr),
        format!(
            "merge: {g}:1: not a finished class (skipped)\n\
             merge: {g}:2: not a finished class (skipped)\n\
             boggle: no finished classes in those files\n"
        )
    );

    // A damaged board among a line's finds skips that line; a selection past the search's
    // classes is named as such.
    let damaged = dir.join("damaged.ndjson");
    let line = |selection: &str, id: usize, found: &str| {
        format!(
            r#"{{"partition":"ab cd","size":"2x2","target":1,"classes":6,"selection":"{selection}","id":{id},"class":"ab ab / cd cd","bound":3,"found":{found},"secs":0.1,"nodes":1,"peak_bytes":0}}"#
        )
    };
    std::fs::write(
        &damaged,
        format!(
            "{}\n{}\n",
            line("all", 0, r#"[{"score":1,"board":"ab1"}]"#),
            line("all", 2, r#"[{"score":3,"board":"abcd"}]"#)
        ),
    )
    .unwrap();
    let r = boggle(&["merge", damaged.to_str().unwrap()]);
    let d = damaged.display();
    assert_eq!(text(&r.stdout), "3\tabcd\n");
    let err = text(&r.stderr);
    assert!(
        err.contains(&format!("merge: {d}:1: not a finished class (skipped)\n")),
        "{err}"
    );
    // A time no run can take marks a damaged line too.
    let negative = line("all", 2, "[]").replace(r#""secs":0.1"#, r#""secs":-1e9"#);
    std::fs::write(&damaged, negative + "\n").unwrap();
    let r = boggle(&["merge", damaged.to_str().unwrap()]);
    assert!(
        text(&r.stderr).contains(&format!("merge: {d}:1: not a finished class (skipped)\n")),
        "{}",
        text(&r.stderr)
    );
    std::fs::write(&damaged, line("0-9", 2, "[]") + "\n").unwrap();
    let r = boggle(&["merge", damaged.to_str().unwrap()]);
    assert!(!r.status.success());
    assert_eq!(
        text(&r.stderr),
        "boggle: the run's selection (classes 0-9) names class 6: this search has classes 0 to 5\n"
    );

    // A line longer than any class's (1,000,000 boards) is skipped, not kept in memory.
    let long = dir.join("long.ndjson");
    let one = boggle(&partition_args(
        "400",
        &[
            "--class-id",
            "25000",
            "--quiet",
            "--out",
            long.to_str().unwrap(),
        ],
    ));
    assert!(one.status.success(), "{}", text(&one.stderr));
    {
        use std::io::Write;
        let mut f = std::fs::OpenOptions::new()
            .append(true)
            .open(&long)
            .unwrap();
        let chunk = vec![b'x'; 1 << 20];
        for _ in 0..130 {
            f.write_all(&chunk).unwrap();
        }
    }
    let r = boggle(&["merge", long.to_str().unwrap()]);
    let err = text(&r.stderr);
    assert!(err.contains("1 of 1 class of"), "{err}");
    assert!(
        err.contains("long.ndjson:2 (longer than any class's line): not a finished class"),
        "{err}"
    );
    // A file that never ends is refused once a line passes twice that length.
    let r = boggle(&["merge", "/dev/zero"]);
    assert_eq!(
        text(&r.stderr),
        "boggle: cannot read '/dev/zero': a line of more than 256 MB: not a file of lines\n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_named_proof_is_its_search_and_each_option_given_overrides_it() {
    let dir = common::temp_dir("named");
    let (named, spelled) = (dir.join("named.ndjson"), dir.join("spelled.ndjson"));
    let n = named.to_str().unwrap();
    let a = boggle(&[
        "break",
        "--proof",
        "3x3",
        "--target",
        "400",
        "--class-id",
        IDS,
        "--quiet",
        "--out",
        n,
    ]);
    assert!(a.status.success(), "{}", text(&a.stderr));
    let b = boggle(&break_args(&["--out", spelled.to_str().unwrap()]));
    assert_eq!(text(&a.stdout), text(&b.stdout));
    assert!(
        !text(&a.stdout).is_empty(),
        "boards at 400 among these classes"
    );
    // The same search key: merging the two files finds each class twice in one search,
    // rather than lines of another search.
    let merged = text(&boggle(&["merge", n, spelled.to_str().unwrap()]).stderr);
    assert!(
        merged.contains("600 classes broken more than once") && !merged.contains("another"),
        "{merged}"
    );

    // The proof's size, target and word list, unless given.
    let key = |args: &[&str]| {
        let out = dir.join("one.ndjson");
        let _ = std::fs::remove_file(&out);
        let mut all = vec!["break", "--proof", "3x4-yawl", "--class-id", "0"];
        all.extend_from_slice(args);
        all.extend(["--out", out.to_str().unwrap()]);
        let r = boggle(&all);
        assert!(r.status.success(), "{}", text(&r.stderr));
        (std::fs::read_to_string(&out).unwrap(), text(&r.stderr))
    };
    let (yawl, said) = key(&[]);
    // The run's first line names the proof, then what it searches.
    let first = said
        .lines()
        .find(|l| l.starts_with("break: "))
        .unwrap_or_default();
    assert!(
        first.starts_with("break: proof 3x4-yawl: 1 of 1,863 classes")
            && first.contains("target 1900, word list 'yawl' (263904 words"),
        "{said}"
    );
    for part in [
        r#""size":"3x4","target":1900"#,
        r#""words":"263904 words"#,
        "corner:abcdefghijklmnopqrstuvwxyz",
    ] {
        assert!(yawl.contains(part), "{part}: {yawl}");
    }
    assert!(!said.contains("is proof"), "{said}");
    let (enable, said) = key(&["--wordlist", "enable2k", "--target", "1800"]);
    assert!(said.contains("target 1800, word list 'enable2k'"), "{said}");
    assert!(!said.contains("is proof"), "{said}");
    // Another list without a target of its own: the proof's is kept, and said to be its list's.
    let (_, said) = key(&["--wordlist", "enable2k"]);
    assert!(
        said.starts_with(
            "break: target 1900 is proof 3x4-yawl's for yawl; for another list, give --target"
        ),
        "{said}"
    );
    assert!(
        enable.contains(r#""target":1800"#) && enable.contains(r#""words":"173402 words"#),
        "{enable}"
    );

    // A name that is no proof gets one line naming the proofs.
    let bad = boggle(&["break", "--proof", "5x5"]);
    assert!(!bad.status.success());
    let e = text(&bad.stderr);
    assert!(e.contains("4x4-any-corner") && e.contains("'5x5'"), "{e}");
    assert_eq!(e.lines().count(), 1, "{e}");
    // A selection without a search says which options make one.
    let e = text(&boggle(&["break", "--class-id", "3"]).stderr);
    assert!(e.contains("--partition") && e.contains("--proof"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A system that starts no thread for the workers gets a message and status 2, not a panic,
/// for a partition and for one class. Here each thread asks for a stack of 10^15 bytes, more
/// than a process's whole address space on x86-64 and on 64-bit ARM.
#[test]
fn a_run_the_system_gives_no_thread_fails_with_its_reason() {
    let class = "lnrsy aeiou chkmpt chkmpt aeiou lnrsy lnrsy aeiou bdfgjvwxz";
    let mut one = vec!["break", class, "--target", "500"];
    one.extend(["--threads", "2"]);
    for args in [
        partition_args("500", &["--class-id", "0-3", "--threads", "2"]),
        one,
    ] {
        let r = std::process::Command::new(env!("CARGO_BIN_EXE_boggle"))
            .args(&args)
            .env("RUST_MIN_STACK", "1000000000000000")
            .output()
            .unwrap();
        let e = text(&r.stderr);
        assert_eq!(r.status.code(), Some(2), "{args:?}: {e}");
        let last = e.lines().last().unwrap_or_default();
        assert!(
            last.starts_with("boggle: the system would not start a thread: "),
            "{args:?}: {e}"
        );
        assert!(!e.contains("panicked"), "{e}");
    }
}

/// What `boggle break --proof 3x3 --sample N --seed 3` says on stderr (it must succeed).
fn sampled(n: &str) -> String {
    let out = boggle(&[
        "break",
        "--proof",
        "3x3",
        "--sample",
        n,
        "--seed",
        "3",
        "--threads",
        "1",
        "--quiet",
    ]);
    assert_eq!(out.status.code(), Some(0));
    text(&out.stderr)
}

/// A sample of one to three classes prices the search but gives no interval: so few times
/// cannot bound the spread of the rest.
#[test]
fn a_sample_of_too_few_classes_gives_no_interval() {
    for (n, classes) in [("1", "1 class"), ("3", "3 classes")] {
        let err = sampled(n);
        assert!(
            err.contains(&format!("sample: {classes}: seconds per class min")),
            "{err}"
        );
        assert!(
            err.contains(&format!(
                "CPU hours (no interval from {classes}: sample more)"
            )),
            "{err}"
        );
    }
}

/// A sample's price is written to three significant digits, and an interval across more than a
/// factor of ten is called too wide to price with.
#[test]
fn a_sample_price_is_readable_and_a_wide_interval_says_so() {
    let price = |n: &str| {
        let err = sampled(n);
        let line = err
            .lines()
            .find(|l| l.starts_with("sample: whole search of 34,960 classes: about "))
            .unwrap_or_else(|| panic!("{err}"))
            .to_string();
        line
    };
    let wide = price("4");
    assert!(
        wide.ends_with(
            ": too wide to price with, sample more classes) at this machine's speed (a run on N \
             cores takes about 1/N of it)"
        ),
        "{wide}"
    );
    let narrow = price("30");
    assert!(!narrow.contains("too wide"), "{narrow}");
    // Hours below one: three significant digits each, not "0.03 to 0.03".
    let figures: Vec<&str> = narrow
        .split(|c: char| !(c.is_ascii_digit() || c == '.'))
        .filter(|f| f.starts_with("0."))
        .collect();
    assert_eq!(figures.len(), 3, "{narrow}");
    for f in figures {
        let significant = f.trim_start_matches(['0', '.']);
        assert_eq!(significant.len(), 3, "{f} in {narrow}");
    }
}

/// A partition whose groups leave letters out covers only some boards, and the run says so;
/// one that holds every letter on every cell says nothing of the kind. The message says where.
#[test]
fn a_partition_that_leaves_letters_out_says_so() {
    let run = |partition: &str| {
        let out = boggle(&[
            "break",
            "--partition",
            partition,
            "--size",
            "3x3",
            "--target",
            "400",
            "--sample",
            "2",
            "--threads",
            "1",
        ]);
        assert_eq!(out.status.code(), Some(0));
        text(&out.stderr)
    };
    let err = run("ae st");
    assert!(
        err.contains("break: no group holds bcdfghijklmnopqruvwxyz on any cell:"),
        "{err}"
    );
    let err = run("bdfgjqvwxz aeiou lnrsy chkmpt");
    assert!(!err.contains("no group holds"), "{err}");
    // Letters left out on the corners alone are left out all the same.
    let err = run("bdfgjqvwxz aeiou lnrsy chkmpt, corner:bdfgjqvwxz aeiou lnrsy chkmp");
    assert!(err.contains("no group holds t on the corners:"), "{err}");
}

#[test]
fn an_out_file_that_exists_a_folder_or_a_device_is_refused_with_why() {
    let dir = common::temp_dir("out-refused");
    let existing = dir.join("old.ndjson");
    std::fs::write(&existing, "").unwrap();
    let cases = [
        (dir.to_str().unwrap(), "it is a folder, not a file"),
        ("/dev/null", "it is not a regular file"),
        (existing.to_str().unwrap(), "it exists: pass --resume"),
    ];
    for (out, why) in cases {
        let r = boggle(&break_args(&["--out", out]));
        assert_eq!(r.status.code(), Some(2), "{out}");
        let err = text(&r.stderr);
        assert!(
            err.contains(&format!("--out '{out}': {why}")),
            "{out}: {err}"
        );
        assert!(r.stdout.is_empty(), "{out}");
    }
    // Resuming the existing file is the way on.
    let r = boggle(&break_args(&[
        "--out",
        existing.to_str().unwrap(),
        "--resume",
        existing.to_str().unwrap(),
    ]));
    assert!(r.status.success(), "{}", text(&r.stderr));
    assert_eq!(lines(&existing), 600);
}

#[test]
fn ctrl_c_stops_a_run_with_every_finished_class_kept_and_resume_completes_it() {
    use std::process::{Command, Stdio};
    let dir = common::temp_dir("interrupted");
    let file = dir.join("run.ndjson");
    let file_arg = file.to_str().unwrap();
    let single = boggle(&break_args(&["--threads", "1"]));
    assert!(single.status.success(), "{}", text(&single.stderr));
    let mut child = Command::new(env!("CARGO_BIN_EXE_boggle"))
        .args(break_args(&["--threads", "1", "--out", file_arg]))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Once a class is written (the run takes seconds), Ctrl-C.
    while lines(&file) == 0 {
        assert!(
            child.try_wait().unwrap().is_none(),
            "the run ended before any class"
        );
        std::thread::yield_now();
    }
    common::signal(&child, "-INT");
    let status = child.wait().unwrap();
    let err = common::stderr_of(&mut child);
    assert_eq!(status.code(), Some(130), "{err}");
    assert!(
        err.contains("break: interrupted: the boards found so far follow")
            && err.contains(&format!(
                "the same command with --resume {file_arg} goes on from them"
            )),
        "{err}"
    );
    // Only whole classes were written: every line is one, and some are left to do.
    let written = std::fs::read_to_string(&file).unwrap();
    assert!(written.ends_with('\n'));
    let done = written.lines().count();
    assert!((1..600).contains(&done), "{done} classes");
    // The summary says how many of the run's classes finished.
    assert!(
        err.contains(&format!(
            "break: 600 classes ({done} finished) stopped after "
        )),
        "{err}"
    );
    // The same command with --resume: it prints the whole run's boards.
    let resumed = boggle(&break_args(&["--out", file_arg, "--resume", file_arg]));
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    assert_eq!(text(&resumed.stdout), text(&single.stdout));
    let merged = boggle(&["merge", file_arg]);
    assert!(merged.status.success(), "{}", text(&merged.stderr));
    assert_eq!(text(&merged.stdout), text(&single.stdout));
    assert_eq!(lines(&file), 600);
}

/// `timeout` and batch systems stop a job by signalling it and then its whole group: one
/// request that arrives as two SIGTERMs a moment apart. The run still stops tidily, with every
/// board it found and its summary, instead of taking the second as a demand to end at once.
#[test]
fn a_second_sigterm_at_once_is_part_of_the_first() {
    use std::io::{BufRead, BufReader, Read};
    use std::process::{Command, Stdio};
    let dir = common::temp_dir("two-signals");
    let file = dir.join("run.ndjson");
    let mut child = Command::new(env!("CARGO_BIN_EXE_boggle"))
        .args(partition_args(
            "150",
            &["--threads", "1", "--out", file.to_str().unwrap()],
        ))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Once the classes written hold far more boards than a pipe takes (about 20 bytes each in
    // the file, 14 on stdout), the run is stopped: printing its boards then waits on stdout,
    // which is not read until both signals are sent.
    while std::fs::metadata(&file).map_or(0, |m| m.len()) < 400_000 {
        assert!(child.try_wait().unwrap().is_none(), "the run ended early");
        std::thread::yield_now();
    }
    let pid = child.id().to_string();
    let term = || {
        let kill = Command::new("kill").args(["-TERM", &pid]).status().unwrap();
        assert!(kill.success());
    };
    term();
    let mut err = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    while !line.starts_with("break: interrupted") {
        line.clear();
        assert!(err.read_line(&mut line).unwrap() > 0, "stderr ended");
    }
    term();
    let out = common::stdout_of(&mut child);
    let mut rest = String::new();
    err.read_to_string(&mut rest).unwrap();
    assert_eq!(child.wait().unwrap().code(), Some(130), "{rest}");
    let found = out.lines().count();
    assert!(found > 10_000, "{found} boards");
    // The summary counts the boards printed.
    let summary = rest.lines().last().unwrap_or_default();
    assert!(summary.starts_with("break: 34,960 classes ("), "{rest}");
    let said = summary
        .split_once(" s: ")
        .and_then(|(_, r)| r.split_once(" found"))
        .map(|(n, _)| n.replace(',', ""));
    assert_eq!(said, Some(found.to_string()), "{rest}");
}

#[test]
fn merge_scores_every_board_again_and_refuses_one_that_does_not_score_as_written() {
    let dir = common::temp_dir("rescore");
    let file = dir.join("run.ndjson");
    let file_arg = file.to_str().unwrap();
    let run = boggle(&break_args(&["--out", file_arg]));
    assert!(run.status.success(), "{}", text(&run.stderr));
    let good = std::fs::read_to_string(&file).unwrap();
    let merged = boggle(&["merge", file_arg]);
    assert!(merged.status.success(), "{}", text(&merged.stderr));
    // The first board a line claims, its score raised by one.
    let at = good
        .find(r#""found":[{"score":"#)
        .expect("a class with a board")
        + 18;
    let digits: String = good[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    let score: u32 = digits.parse().unwrap();
    let edited = format!("{}{}{}", &good[..at], score + 1, &good[at + digits.len()..]);
    std::fs::write(&file, &edited).unwrap();
    let refused = boggle(&["merge", file_arg]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        text(&refused.stderr).contains(&format!(
            "scores {score}, not the {} its file says: the file is damaged or edited",
            score + 1
        )),
        "{}",
        text(&refused.stderr)
    );
    assert!(refused.stdout.is_empty());
    // Another word list than the run's is refused, naming both.
    let other = boggle(&["merge", "--wordlist", "yawl", file_arg]);
    assert_eq!(other.status.code(), Some(2), "{}", text(&other.stderr));
    assert!(
        text(&other.stderr).contains("--wordlist 'yawl' is not the run's word list: it has "),
        "{}",
        text(&other.stderr)
    );
    assert!(other.stdout.is_empty());
    // A run with the other built-in list is checked with it, unasked.
    let yawl = dir.join("yawl.ndjson");
    let yawl_arg = yawl.to_str().unwrap();
    let run = boggle(&break_args(&["--wordlist", "yawl", "--out", yawl_arg]));
    assert!(run.status.success(), "{}", text(&run.stderr));
    let good = std::fs::read_to_string(&yawl).unwrap();
    let edited = good.replacen(r#""found":[{"score":"#, r#""found":[{"score":1"#, 1);
    assert_ne!(edited, good, "a YAWL class with a board");
    std::fs::write(&yawl, &edited).unwrap();
    let refused = boggle(&["merge", yawl_arg]);
    assert_eq!(refused.status.code(), Some(2), "{}", text(&refused.stderr));
    assert!(text(&refused.stderr).contains("its file says: the file is damaged or edited"));
}

#[test]
fn merge_refuses_a_board_listed_under_a_class_it_is_not_in() {
    let dir = common::temp_dir("moved");
    let file = dir.join("run.ndjson");
    let file_arg = file.to_str().unwrap();
    let run = boggle(&break_args(&["--out", file_arg]));
    assert!(run.status.success(), "{}", text(&run.stderr));
    let good = std::fs::read_to_string(&file).unwrap();
    // Swap the ids and class texts of a line with boards and a line without: every class is
    // still there once and every board still scores what it says, but each board sits under
    // another class.
    // A field's number, or its text without the quotes.
    let field = |line: &str, name: &str| -> String {
        let at = line.find(&format!(r#""{name}":"#)).unwrap() + name.len() + 3;
        let value = line[at..].trim_start_matches('"');
        value[..value.find([',', '"']).unwrap()].to_string()
    };
    let all: Vec<&str> = good.lines().collect();
    let full = all
        .iter()
        .position(|l| !l.contains(r#""found":[]"#))
        .unwrap();
    let empty = all
        .iter()
        .position(|l| l.contains(r#""found":[]"#))
        .unwrap();
    let (a, b) = (field(all[full], "id"), field(all[empty], "id"));
    let (ca, cb) = (field(all[full], "class"), field(all[empty], "class"));
    let mut edited: Vec<String> = all.iter().map(|l| l.to_string()).collect();
    let swap = |line: &str, (id, to_id): (&str, &str), (class, to_class): (&str, &str)| {
        line.replace(&format!(r#""id":{id},"#), &format!(r#""id":{to_id},"#))
            .replace(
                &format!(r#""class":"{class}""#),
                &format!(r#""class":"{to_class}""#),
            )
    };
    edited[full] = swap(all[full], (&a, &b), (&ca, &cb));
    edited[empty] = swap(all[empty], (&b, &a), (&cb, &ca));
    std::fs::write(&file, edited.join("\n")).unwrap();
    let refused = boggle(&["merge", file_arg]);
    assert_eq!(refused.status.code(), Some(2), "{}", text(&refused.stderr));
    let said = text(&refused.stderr);
    assert!(
        said.contains(&format!(
            "is not a board of class {b}, under which the line lists it: the file is damaged or edited"
        )),
        "{said}"
    );
    assert!(refused.stdout.is_empty());
    // With only the ids swapped, a line's class text is not the class its id stands for.
    edited[full] = all[full].replace(&format!(r#""id":{a},"#), &format!(r#""id":{b},"#));
    std::fs::write(&file, edited.join("\n")).unwrap();
    let refused = boggle(&["merge", file_arg]);
    assert_eq!(refused.status.code(), Some(2), "{}", text(&refused.stderr));
    assert_eq!(
        text(&refused.stderr),
        format!(
            "boggle: {file_arg}:{}: the line gives class {b} as '{ca}', but class {b} is '{cb}': \
             the file is damaged or edited\n",
            full + 1
        )
    );
    // So does --resume, which would otherwise print the line's boards as the run's.
    let resumed = boggle(&break_args(&["--resume", file_arg]));
    assert_eq!(resumed.status.code(), Some(2), "{}", text(&resumed.stderr));
    assert!(
        text(&resumed.stderr).contains(&format!("the line gives class {b} as '{ca}'")),
        "{}",
        text(&resumed.stderr)
    );
    // A file claiming another number of classes for the partition is refused too.
    let classes = good.replace(r#""classes":34960"#, r#""classes":34961"#);
    assert_ne!(classes, good);
    std::fs::write(&file, &classes).unwrap();
    let refused = boggle(&["merge", file_arg]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        text(&refused.stderr).contains(
            "the files say bdfgjqvwxz aeiou lnrsy chkmpt 3x3 has 34,961 classes, but it has 34,960"
        ),
        "{}",
        text(&refused.stderr)
    );
    // One line's count of classes edited: the two searches read the same but for it, and the
    // message names it.
    let (first, rest) = good.split_once('\n').unwrap();
    let one = format!(
        "{first}\n{}",
        rest.replacen(r#""classes":34960"#, r#""classes":4000000000"#, 1)
    );
    std::fs::write(&file, one).unwrap();
    let refused = boggle(&["merge", file_arg]);
    assert_eq!(refused.status.code(), Some(2));
    assert_eq!(
        text(&refused.stderr),
        format!(
            "boggle: {file_arg}:2: a line that gives its search (bdfgjqvwxz aeiou lnrsy chkmpt 3x3 \
             target 400, 173402 words, fingerprint bbfd72df9041cafd) 4,000,000,000 classes, where \
             this one has 34,960: the files are damaged or edited\n"
        )
    );
}

/// A line may list at most the boards a search keeps (1,000,000), and so may the files in
/// all: a claim past it is refused before the boards are held, so memory stays bounded.
#[test]
fn merge_refuses_more_boards_than_a_search_keeps() {
    let dir = common::temp_dir("many");
    let file = dir.join("run.ndjson");
    let file_arg = file.to_str().unwrap();
    let run = boggle(&partition_args(
        "400",
        &["--class-id", "25000", "--quiet", "--out", file_arg],
    ));
    assert!(run.status.success(), "{}", text(&run.stderr));
    let good = std::fs::read_to_string(&file).unwrap();
    // The line with `n` boards instead of those it found.
    let line = good.trim_end();
    let head = &line[..line.find(r#""found":["#).unwrap()];
    let tail = &line[line.find(r#"],"secs":"#).unwrap()..];
    // A board of the class (its first letter on every cell): only a rescore would refuse it.
    let class = &head[head.find(r#""class":""#).unwrap() + 9..];
    let class = &class[..class.find('"').unwrap()];
    let letters: String = class
        .split(' ')
        .filter(|c| *c != "/")
        .map(|c| &c[..1])
        .collect();
    let board = format!(r#"{{"score":400,"board":"{letters}"}}"#);
    let many = |n: usize| {
        format!(
            "{head}\"found\":[{}{tail}\n",
            vec![board.as_str(); n].join(",")
        )
    };
    std::fs::write(&file, many(1_000_001)).unwrap();
    let refused = boggle(&["merge", file_arg]);
    assert_eq!(refused.status.code(), Some(2));
    assert_eq!(
        text(&refused.stderr),
        format!(
            "boggle: {file_arg}:1: the line lists more than 1,000,000 boards, more than a search \
             keeps: the file is damaged or edited\n"
        )
    );
    // Two lines within the limit each, past it together.
    std::fs::write(&file, many(600_000).repeat(2)).unwrap();
    let refused = boggle(&["merge", file_arg]);
    assert_eq!(
        text(&refused.stderr),
        format!(
            "boggle: {file_arg}:2: with this line the files list more than 1,000,000 boards, more \
             than a search keeps: the file is damaged or edited\n"
        )
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_run_with_a_list_of_ones_own_is_a_proof_only_once_merge_is_given_the_list() {
    let dir = common::temp_dir("ownlist");
    let list = dir.join("words.txt");
    let enable = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/wordlists/enable2k.txt"
    ))
    .unwrap();
    let words: Vec<&str> = enable.lines().step_by(3).collect();
    std::fs::write(&list, words.join("\n")).unwrap();
    let list_arg = list.to_str().unwrap();
    let file = dir.join("run.ndjson");
    let file_arg = file.to_str().unwrap();
    let run = boggle(&partition_args(
        "150",
        &[
            "--class-id",
            IDS,
            "--wordlist",
            list_arg,
            "--quiet",
            "--out",
            file_arg,
        ],
    ));
    assert!(run.status.success(), "{}", text(&run.stderr));
    assert!(
        !run.stdout.is_empty(),
        "boards reach 150 with a third of the list"
    );
    // Without the list: every class is there, but nothing checked the boards: no proof, exit 1.
    let unchecked = boggle(&["merge", file_arg]);
    assert_eq!(
        unchecked.status.code(),
        Some(1),
        "{}",
        text(&unchecked.stderr)
    );
    let said = text(&unchecked.stderr);
    assert!(
        said.contains("is not a built-in one; give it with --wordlist"),
        "{said}"
    );
    assert!(
        said.contains("every class of this run's selection broken exactly once, but not a proof"),
        "{said}"
    );
    assert!(!said.contains("complete"), "{said}");
    // With it: checked, complete.
    let checked = boggle(&["merge", "--wordlist", list_arg, file_arg]);
    assert_eq!(checked.status.code(), Some(0), "{}", text(&checked.stderr));
    assert_eq!(checked.stdout, run.stdout);
    assert!(text(&checked.stderr)
        .contains("merge: every class of this run's selection broken exactly once"));
}

#[test]
fn a_class_broken_twice_with_different_boards_is_named_and_every_board_is_kept() {
    let dir = common::temp_dir("disagree");
    let file = dir.join("run.ndjson");
    let file_arg = file.to_str().unwrap();
    let run = boggle(&break_args(&["--out", file_arg]));
    assert!(run.status.success(), "{}", text(&run.stderr));
    // A copy of the class that holds the best board, with that board dropped.
    let good = std::fs::read_to_string(&file).unwrap();
    let best = text(&run.stdout)
        .lines()
        .next()
        .unwrap()
        .split('\t')
        .nth(1)
        .unwrap()
        .to_string();
    let line = good
        .lines()
        .find(|l| l.contains(&format!(r#""board":"{best}""#)))
        .unwrap();
    let at = line.find(r#""found":["#).unwrap() + 9;
    let end = at + line[at..].find(']').unwrap();
    let dropped = format!("{}{}", &line[..at], &line[end..]);
    let other = dir.join("other.ndjson");
    std::fs::write(&other, dropped + "\n").unwrap();
    for files in [
        [file_arg, other.to_str().unwrap()],
        [other.to_str().unwrap(), file_arg],
    ] {
        let merged = boggle(&["merge", files[0], files[1]]);
        assert_eq!(merged.status.code(), Some(1));
        assert_eq!(merged.stdout, run.stdout, "whichever file comes first");
        let said = text(&merged.stderr);
        assert!(
            said.contains("1 class found different boards in different files: "),
            "{said}"
        );
    }
}

#[test]
fn resume_refuses_a_file_that_holds_classes_its_shard_does_not_break() {
    let dir = common::temp_dir("other-shard");
    let file = dir.join("shard.ndjson");
    let f = file.to_str().unwrap();
    let first = boggle(&break_args(&["--shard", "2/8", "--out", f]));
    assert!(first.status.success(), "{}", text(&first.stderr));
    // The same task run again with another count of shards: shard 1/3 breaks none of 2/8's.
    let other = boggle(&break_args(&["--shard", "1/3", "--out", f, "--resume", f]));
    assert_eq!(other.status.code(), Some(2));
    let err = text(&other.stderr);
    assert!(
        err.contains("which this run (--shard 1/3) does not break")
            && err.contains("resume each shard from its own file"),
        "{err}"
    );
    // With its own shard it resumes: nothing is left to break.
    let again = boggle(&break_args(&["--shard", "2/8", "--out", f, "--resume", f]));
    assert!(again.status.success(), "{}", text(&again.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A resumed sample is priced from every class it holds, those of its --resume files too: the
/// same price as the run that broke them all.
#[test]
fn a_resumed_sample_is_priced_from_all_of_its_classes() {
    let dir = common::temp_dir("sample-resume");
    let file = dir.join("sample.ndjson");
    let f = file.to_str().unwrap();
    let run = |extra: &[&str]| {
        let mut args = vec![
            "break",
            "--proof",
            "3x3",
            "--sample",
            "6",
            "--seed",
            "3",
            "--threads",
            "1",
            "--quiet",
            "--out",
            f,
        ];
        args.extend_from_slice(extra);
        let out = boggle(&args);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let err = text(&out.stderr);
        let line = |start: &str| {
            err.lines()
                .find(|l| l.starts_with(start))
                .unwrap_or_else(|| panic!("no '{start}' in {err}"))
                .to_string()
        };
        (
            line("sample: 6 classes: seconds per class"),
            line("sample: whole search of 34,960 classes: about "),
        )
    };
    let whole = run(&[]);
    // Nothing is left to break: the price comes from the file's six classes alone.
    let resumed = run(&["--resume", f]);
    assert_eq!(resumed, whole);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Boards of `boggle` output lines (`SCORE<TAB>BOARD`), as a set.
fn boards_of(out: &str) -> std::collections::BTreeSet<String> {
    out.lines().map(str::to_string).collect()
}

/// An --out file that cannot be written (here a limit on file sizes, as a full disk) stops
/// the run at once: the boards found so far are printed, the file keeps its whole lines, and
/// the same command with --resume, once the file can be written, completes the run.
#[test]
fn an_out_file_that_cannot_be_written_stops_the_run_and_resume_completes_it() {
    use std::process::Command;
    let dir = common::temp_dir("unwritable");
    let file = dir.join("run.ndjson");
    let file_arg = file.to_str().unwrap();
    let single = boggle(&break_args(&["--threads", "1"]));
    assert!(single.status.success(), "{}", text(&single.stderr));
    // Room for about 300 of the 600 classes' lines.
    let mut args = vec![
        "-c".to_string(),
        "trap '' XFSZ; ulimit -f 100; exec \"$@\"".to_string(),
        "bash".to_string(),
        env!("CARGO_BIN_EXE_boggle").to_string(),
    ];
    args.extend(
        break_args(&["--threads", "1", "--out", file_arg])
            .iter()
            .map(|s| s.to_string()),
    );
    let cut = Command::new("bash").args(&args).output().unwrap();
    let err = text(&cut.stderr);
    assert_eq!(cut.status.code(), Some(2), "{err}");
    assert!(
        err.ends_with(&format!(
            "boggle: cannot write the --out file '{file_arg}': the file has reached the \
             largest size this system allows\n"
        )) && err.contains(&format!("--resume {file_arg}")),
        "{err}"
    );
    // Stopped at once: far fewer classes finished than the run has.
    let finished: usize = err
        .split_once("break: 600 classes (")
        .and_then(|(_, r)| r.split_once(" finished)"))
        .map(|(n, _)| n.replace(',', "").parse().unwrap())
        .unwrap_or_else(|| panic!("no summary: {err}"));
    let kept = lines(&file);
    assert!(
        (kept..=kept + 1).contains(&finished),
        "{finished} / {kept}: {err}"
    );
    assert!(finished < 400, "{err}");
    // What the file's whole lines found is printed (with the class whose line was cut).
    let merged = boggle(&["merge", file_arg]);
    let printed = boards_of(&text(&cut.stdout));
    assert!(!printed.is_empty());
    assert!(
        boards_of(&text(&merged.stdout)).is_subset(&printed),
        "{}",
        text(&cut.stdout)
    );
    // The cut line is skipped on resume, and the run completes.
    let resumed = boggle(&break_args(&["--out", file_arg, "--resume", file_arg]));
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    assert_eq!(text(&resumed.stdout), text(&single.stdout));
    let merged = boggle(&["merge", file_arg]);
    assert_eq!(text(&merged.stdout), text(&single.stdout));
}

/// A class passing --max-nodes stops a partition run with what it found: the boards of the
/// finished classes are printed and kept in --out, the message names the class and the option
/// as the command line spells it, and merge says the run is incomplete.
#[test]
fn a_class_past_max_nodes_stops_the_run_with_what_it_found() {
    let dir = common::temp_dir("max-nodes");
    let file = dir.join("run.ndjson");
    let file_arg = file.to_str().unwrap();
    // With one thread the classes come in a fixed order, and class 34150 comes after 19 others,
    // which hold boards of 400 points or more; no class is started after it.
    let r = boggle(&partition_args(
        "400",
        &[
            "--class-id",
            "34100-34200",
            "--threads",
            "1",
            "--max-nodes",
            "20000",
            "--quiet",
            "--out",
            file_arg,
        ],
    ));
    let err = text(&r.stderr);
    assert_eq!(r.status.code(), Some(2), "{err}");
    assert!(
        err.ends_with(
            "boggle: class 34150: breaking this class passed its limit of 20,000 forced \
             classes with 41.2% of its boards settled: raise the target, or raise the limit \
             (--max-nodes)\n"
        ),
        "{err}"
    );
    assert!(
        !err.contains("Python") && !err.contains("fix some cells"),
        "{err}"
    );
    assert!(err.contains(&format!("--resume {file_arg}")), "{err}");
    assert!(
        err.contains("break: 101 classes (19 finished) stopped after"),
        "{err}"
    );
    assert_eq!(lines(&file), 19);
    let merged = boggle(&["merge", file_arg]);
    assert!(!text(&r.stdout).is_empty());
    assert_eq!(text(&r.stdout), text(&merged.stdout));
    assert_eq!(merged.status.code(), Some(1));
    assert!(text(&merged.stderr).contains("82 classes missing"));
}

/// Two runs cannot write one --out file at once: the second is refused while the first holds
/// it, so no class is broken twice.
#[test]
fn an_out_file_another_run_is_writing_is_refused() {
    let dir = common::temp_dir("locked");
    let file = dir.join("run.ndjson");
    let file_arg = file.to_str().unwrap();
    let held = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&file)
        .unwrap();
    held.lock().unwrap();
    let r = boggle(&break_args(&["--out", file_arg, "--resume", file_arg]));
    assert_eq!(r.status.code(), Some(2));
    assert_eq!(
        text(&r.stderr),
        format!(
            "boggle: --out '{file_arg}': another run is writing it: wait for that run to end, \
             or give this one another --out file\n"
        )
    );
    assert_eq!(lines(&file), 0);
    drop(held);
    let r = boggle(&break_args(&["--out", file_arg, "--resume", file_arg]));
    assert!(r.status.success(), "{}", text(&r.stderr));
    assert_eq!(lines(&file), 600);
}

/// `--out /dev/stdout` with stdout sent to a file would mix proof lines into the boards: it is
/// refused as what it is, not as a file that exists.
#[test]
fn an_out_file_that_is_stdout_is_refused() {
    let dir = common::temp_dir("out-stdout");
    let printed = dir.join("boards.txt");
    let r = std::process::Command::new(env!("CARGO_BIN_EXE_boggle"))
        .args(break_args(&["--out", "/dev/stdout"]))
        .stdout(std::fs::File::create(&printed).unwrap())
        .output()
        .unwrap();
    assert_eq!(r.status.code(), Some(2));
    assert_eq!(
        text(&r.stderr),
        "boggle: --out '/dev/stdout': it is where the boards are printed (stdout): give --out \
         a file of its own\n"
    );
    assert_eq!(std::fs::read_to_string(&printed).unwrap(), "");
}

/// A range of class ids written high to low says so.
#[test]
fn a_reversed_class_id_range_is_named_as_such() {
    let r = boggle(&partition_args("400", &["--class-id", "7,5-3"]));
    assert_eq!(r.status.code(), Some(2));
    let err = text(&r.stderr);
    assert!(
        err.contains("'5-3' runs from high to low: write it 3-5"),
        "{err}"
    );
}
