//! What `boggle anneal` and `boggle hillclimb` share: the common options (defaults from the
//! engine's [`Common`]), the loop that steps an optimizer while printing progress on stderr,
//! and the final report on stdout.

use crate::common::{
    catch_ctrl_c, size_arg, target_arg, Failure, ListOpts, INTERRUPTED, INTERRUPTED_EXIT,
};
use boggle::engine::board;
use boggle::engine::dice::LetterSource;
use boggle::engine::{grouped, plural};
use boggle::optimize::{time_limit, Common, OptimizeError, Optimizer, Progress};
use clap::Args;
use std::io::{self, BufWriter, Write};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// A board size as `--size` takes and shows it (`4x4`).
#[derive(Clone, Copy)]
pub struct Size(
    /// Rows.
    pub usize,
    /// Columns.
    pub usize,
);

impl std::fmt::Display for Size {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}x{}", self.0, self.1)
    }
}

fn size_value(s: &str) -> Result<Size, String> {
    size_arg(s).map(|(r, c)| Size(r, c))
}

/// Options of every optimizer command; defaults from [`Common::default`].
#[derive(Args)]
pub struct OptimizeOpts {
    /// The word list (`--wordlist`).
    #[command(flatten)]
    pub list: ListOpts,
    /// Board size as ROWSxCOLS.
    #[arg(long, value_name = "RxC", value_parser = size_value,
          default_value_t = Size(Common::default().rows, Common::default().cols))]
    pub size: Size,
    /// Seed of the run: the same seed and options give the same boards.
    #[arg(long, default_value_t = Common::default().seed)]
    pub seed: u64,
    /// The letters boards may use (each command's help gives its default).
    #[arg(long)]
    pub letters: Option<String>,
    /// Where the letters of random starting boards come from.
    #[arg(long, value_enum, default_value_t = Common::default().source)]
    pub source: LetterSource,
    /// Independent runs (restarts); 0 keeps restarting until --target, --seconds or Ctrl-C
    /// stops it. [default: 1, or 0 with --seconds]
    #[arg(long)]
    pub runs: Option<u32>,
    /// Stop as soon as a board scores at least this much.
    #[arg(long, value_name = "SCORE", value_parser = target_arg)]
    pub target: Option<u32>,
    /// Stop after this many seconds and report the best boards so far.
    #[arg(long)]
    pub seconds: Option<f64>,
    /// How many of the best distinct boards to print.
    #[arg(long, default_value_t = Common::default().top)]
    pub top: usize,
    /// No progress lines on stderr.
    #[arg(long, short)]
    pub quiet: bool,
}

impl OptimizeOpts {
    /// The runs asked for: `--runs`, else 0 with `--seconds` (a time limit means "search this
    /// long", which one run would cut short), else the engine's default.
    pub fn runs(&self) -> u32 {
        self.runs.unwrap_or(if self.seconds.is_some() {
            0
        } else {
            Common::default().runs
        })
    }

    /// The time limit `--seconds` gives, if any.
    fn limit(&self) -> Result<Option<Duration>, Failure> {
        self.seconds
            .map(|s| time_limit(s).map_err(|e| Failure(format!("--seconds {e}"))))
            .transpose()
    }

    /// The engine's common options.
    pub fn common(&self) -> Result<Common, Failure> {
        self.limit()?;
        Ok(Common {
            rows: self.size.0,
            cols: self.size.1,
            seed: self.seed,
            letters: self.letters.clone(),
            source: self.source,
            runs: self.runs(),
            target: self.target,
            top: self.top,
        })
    }
}

/// One progress line, its best board written for boards of `Size` ([`board::text`]).
fn progress_line(p: &Progress, secs: f64, Size(rows, cols): Size) -> String {
    let mut s = format!(
        "{:>7.1} s  run {}  {} {}  boards {} ({}/s)  current {}",
        secs,
        p.run,
        if p.temperature.is_some() {
            "step"
        } else {
            "round"
        },
        grouped(p.iterations),
        grouped(p.boards),
        grouped((p.boards as f64 / secs.max(1e-9)).round() as u64),
        p.current_score,
    );
    if let Some(t) = p.temperature {
        s += &format!("  T {t:.3}");
    }
    if let Some((lo, hi)) = p.pool {
        s += &format!("  pool {lo}..{hi}");
    }
    if let Some(rungs) = &p.replicas {
        // Each rung's score, coldest first, and the share of trades between neighbours made.
        let scores: Vec<String> = rungs.iter().map(|r| r.score.to_string()).collect();
        let (tried, made) = rungs.iter().fold((0, 0), |(t, m), r| {
            (t + r.swaps_tried, m + r.swaps_accepted)
        });
        s += &format!(
            "  rungs {}  trades {:.0}%",
            scores.join("/"),
            100.0 * made as f64 / tried.max(1) as f64
        );
    }
    s += &format!(
        "  best {} {}",
        p.best_score,
        board::text(&p.best_board, rows, cols)
    );
    s
}

/// The runs a search made and how many of the finished ones reached its best: "3 runs, 2
/// reached 3625", "12 runs, 3 of the 11 finished reached 3625" when the last was cut short, or
/// just "1 run" when none finished.
fn runs_in_words(p: &Progress) -> String {
    let runs = plural(p.run, "run", "runs");
    match p.finished_runs {
        0 => runs,
        f if f == p.run => format!(
            "{runs}, {} reached {}",
            grouped(p.runs_at_best),
            p.best_score
        ),
        f => format!(
            "{runs}, {} of the {} finished reached {}",
            grouped(p.runs_at_best),
            grouped(f),
            p.best_score
        ),
    }
}

/// Why an optimizer would not start, naming the flag to change when the engine names its option
/// (`--t-end` for `t_end`), as `break` words its own: "--steps must be 1 to 1,000,000,000".
pub fn refused(e: OptimizeError) -> Failure {
    let flag = |param: &str| format!("--{}", param.replace('_', "-"));
    match &e {
        OptimizeError::Option { param, rule, .. } => Failure(format!("{} {rule}", flag(param))),
        OptimizeError::Conflict { param, .. } => Failure(format!("{}: {e}", flag(param))),
        _ => Failure(e.to_string()),
    }
}

/// Steps `opt` to the end (or the time limit, or Ctrl-C, which stops it after its current
/// slice), printing progress about once a second, then prints the best distinct boards found,
/// best last: the last line is `SCORE<TAB>BOARD`. A second Ctrl-C, a second or more later, ends
/// the program at once.
pub fn run(opt: &mut dyn Optimizer, opts: &OptimizeOpts) -> Result<bool, Failure> {
    let t = Instant::now();
    let limit = opts.limit()?;
    catch_ctrl_c();
    // A search that nothing but Ctrl-C ends, as asked; said, so that no one waits for an end.
    if opts.runs() == 0 && opts.target.is_none() && limit.is_none() && !opts.quiet {
        say!("--runs 0 without --target or --seconds: restarting until Ctrl-C stops the search");
    }
    let mut next_report = Duration::from_secs(1);
    loop {
        let done = opt.step(256)?;
        let el = t.elapsed();
        if done || limit.is_some_and(|l| el >= l) || INTERRUPTED.load(Ordering::Relaxed) {
            break;
        }
        if el >= next_report {
            next_report = el + Duration::from_secs(1);
            if !opts.quiet {
                say!(
                    "{}",
                    progress_line(&opt.progress(), el.as_secs_f64(), opts.size)
                );
            }
        }
    }
    let p = opt.progress();
    let secs = t.elapsed().as_secs_f64();
    let interrupted = INTERRUPTED.load(Ordering::Relaxed);
    if interrupted {
        say!("interrupted: the best boards found so far follow");
    }
    if !opts.quiet {
        say!("{}", progress_line(&p, secs, opts.size));
        say!(
            "best {} after {} boards in {:.2} s ({}); top {} on stdout, best last",
            p.best_score,
            grouped(p.boards),
            secs,
            runs_in_words(&p),
            plural(p.top.len(), "distinct board", "distinct boards")
        );
    }
    let mut out = BufWriter::new(io::stdout().lock());
    for s in p.top.iter().rev() {
        writeln!(
            out,
            "{}\t{}",
            s.score,
            board::text(&s.board, opts.size.0, opts.size.1)
        )?;
    }
    out.flush()?;
    if interrupted {
        std::process::exit(INTERRUPTED_EXIT);
    }
    Ok(true)
}
