//! Options that only some values of another setting use (annealing's `t_end` only with the
//! cooling schedules, `perturb` only with a perturbed restart, hill climbing's `expansions` only
//! best first): one table per setting, and the one check every front end makes with them. The
//! CLI and Python refuse such an option given with another value; the page (through `boggle
//! defaults`) shows its field only with those values.

use std::collections::BTreeMap;

/// An option given that the settings chosen do not use: `option` works only with `setting`
/// (`"schedule"`, `"restart"` or `"order"`) set to one of `uses`, and it is set to `chosen`.
/// Each front end words it in its own names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unused {
    /// The option given, by the engine's name (`t_end`).
    pub option: &'static str,
    /// The setting it depends on.
    pub setting: &'static str,
    /// The values of that setting that use the option.
    pub uses: Vec<&'static str>,
    /// The value chosen, which does not.
    pub chosen: &'static str,
}

/// A setting whose values decide which options are used: its name, and each value's name.
pub trait Setting: Copy + PartialEq + 'static {
    /// The setting's option name (`schedule`).
    const NAME: &'static str;
    /// The value's name, as serde and the CLI spell it.
    fn name(self) -> &'static str;
}

/// The options that only some values of setting `S` use, each with those values.
pub type OnlyWith<S> = [(&'static str, &'static [S])];

/// The first option that `given` says was chosen (by the engine's names) and that `table` says
/// `chosen` does not use.
pub fn unused_in<S: Setting>(
    table: &OnlyWith<S>,
    chosen: S,
    given: impl Fn(&str) -> bool,
) -> Option<Unused> {
    table
        .iter()
        .find(|(option, uses)| given(option) && !uses.contains(&chosen))
        .map(|(option, uses)| Unused {
            option,
            setting: S::NAME,
            uses: uses.iter().map(|s| s.name()).collect(),
            chosen: chosen.name(),
        })
}

/// The table as `boggle defaults` gives it to the page: the setting's name, and each option
/// with the names of the values that use it.
pub fn by_name<S: Setting>(
    table: &OnlyWith<S>,
) -> (&'static str, BTreeMap<&'static str, Vec<&'static str>>) {
    let options = table
        .iter()
        .map(|(option, uses)| (*option, uses.iter().map(|s| s.name()).collect()))
        .collect();
    (S::NAME, options)
}
