//! What the self-play examples (`selfplay`, `morris_selfplay`) share on the command line:
//! options given as `--flag value` pairs.

/// The `--flag value` pairs of `args`, in order; a flag without its value is an error.
pub fn pairs(mut args: impl Iterator<Item = String>) -> Result<Vec<(String, String)>, String> {
    let mut pairs = Vec::new();
    while let Some(flag) = args.next() {
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        pairs.push((flag, value));
    }
    Ok(pairs)
}

/// `value`, the value of `flag`, read as a whole number.
pub fn number(flag: &str, value: &str) -> Result<u64, String> {
    value
        .parse::<u64>()
        .map_err(|_| format!("{flag}: not a number: {value}"))
}
