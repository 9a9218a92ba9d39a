//! `boggle bound`: the documented output, the JSON keys, and one-line errors.

mod common;

/// Runs `boggle ARGS`: (exit code, stdout, stderr).
fn boggle(args: &[&str]) -> (i32, String, String) {
    let out = common::boggle(args, "");
    (
        out.status.code().unwrap_or(-1),
        common::text(&out.stdout),
        common::text(&out.stderr),
    )
}

#[test]
fn prints_both_bounds_and_the_board_count() {
    let (code, out, _) = boggle(&[
        "bound",
        "{a,e,i,o,u} {a,e,i,o,u} r {b,c,d,f,g,h} a t d e {r,s,t,v}",
    ]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "max_nomark\t1307\nsum_union\t2880\nbound\t1307\nboards\t600\n"
    );
}

#[test]
fn json_has_exactly_the_documented_keys() {
    // 21^36 boards, more than 2^64; cheap to bound since consonants spell few words.
    let all = ["{b-d,f-h,j-n,p-t,v-z}"; 36].join(" ");
    let (code, out, _) = boggle(&["bound", "--json", &all]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let obj = v.as_object().unwrap();
    let mut keys: Vec<_> = obj.keys().map(String::as_str).collect();
    keys.sort();
    assert_eq!(keys, ["boards", "bound", "max_nomark", "sum_union"]);
    assert_eq!(
        obj["boards"],
        "398010574215107679422058885600836061208944572721"
    );
    let (m, s) = (
        obj["max_nomark"].as_u64().unwrap(),
        obj["sum_union"].as_u64().unwrap(),
    );
    assert_eq!(obj["bound"].as_u64().unwrap(), m.min(s));
    assert_eq!(s, 208);
}

#[test]
fn size_and_wordlist_options() {
    let dir = common::temp_dir("bound");
    let list = dir.join("words.txt");
    std::fs::write(&list, "far\nfare\nfur\n").unwrap();
    let (code, out, err) = boggle(&[
        "bound",
        "--json",
        "--size",
        "2x3",
        "--wordlist",
        list.to_str().unwrap(),
        "f {a,u} r . . e",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["max_nomark"].as_u64(), v["sum_union"].as_u64()),
        (Some(2), Some(3))
    );
    assert_eq!(v["boards"], "2");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_classes_get_one_clear_line() {
    for (class, msg) in [
        (
            "a b {c,d e f g h i",
            "the 3rd cell: '{' is never closed by '}'",
        ),
        ("a b c", "3 cells: a class has 4, 9"),
        ("a b d-b c", "'d-b' is not a letter range"),
    ] {
        let (code, out, err) = boggle(&["bound", class]);
        assert_eq!(code, 2, "{class}");
        assert!(out.is_empty());
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(msg), "{err}");
    }
}

#[test]
fn a_class_too_big_to_bound_gives_up_at_the_step_limit() {
    // Every letter on every cell of a 4x4: hours of search, stopped after 1,000 steps.
    let all = ["{a-z}"; 16].join(" ");
    let (code, out, err) = boggle(&["bound", "--max-steps", "1000", &all]);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty());
    assert_eq!(
        err.trim_end(),
        "boggle: this class is too big to bound here (the search passed 1,000 steps): fix some \
         cells to fewer letters, or raise --max-steps"
    );
    let (code, _, err) = boggle(&["bound", "--max-steps", "0", &all]);
    assert_eq!(code, 2);
    assert_eq!(err.trim_end(), "boggle: --max-steps must be at least 1");
    // A class within the limit is bounded as without one.
    let (code, out, _) = boggle(&[
        "bound",
        "--max-steps",
        "100000",
        "{a,e,i,o,u} {a,e,i,o,u} r {b,c,d,f,g,h} a t d e {r,s,t,v}",
    ]);
    assert_eq!(code, 0);
    assert!(out.starts_with("max_nomark\t1307\n"), "{out}");
}

/// Ctrl-C stops a long bound with a message and the exit code of an interrupted command, as
/// it stops every other command.
#[test]
fn ctrl_c_stops_a_bound_and_says_so() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let all = ["{a-z}"; 25].join(" ");
    let mut child = Command::new(env!("CARGO_BIN_EXE_boggle"))
        .args([
            "bound",
            "--max-steps",
            "18446744073709551615",
            "--wordlist",
            "/dev/stdin",
            &all,
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The list is far bigger than a pipe holds: once it is written, the command is reading
    // it, past where it takes Ctrl-C.
    let list = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/wordlists/enable2k.txt"
    ))
    .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(&list).unwrap();
    drop(stdin);
    common::signal(&child, "-INT");
    let err = common::stderr_of(&mut child);
    let out = common::stdout_of(&mut child);
    assert_eq!(child.wait().unwrap().code(), Some(130), "{err}");
    assert_eq!(out, "");
    // (Notes about the list's two-letter words come first.)
    assert!(
        err.ends_with("bound: interrupted: the search was stopped before it settled the bounds\n"),
        "{err}"
    );
}
