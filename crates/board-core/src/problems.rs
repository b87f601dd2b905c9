//! Writing the list of problems found in an unvalidated position.

use core::fmt;

/// Writes the `(flag, description)` entries whose flag `is_set`, separated by `"; "`.
///
/// Validating constructors return every problem they find as a `bitflags` set; their
/// `Display` uses this to list the descriptions of the flags that are set.
///
/// ```
/// use core::fmt;
/// struct Found(u8);
/// impl fmt::Display for Found {
///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
///         let names = [(1u8, "too many X"), (2, "both won"), (4, "overlap")];
///         boardgames_core::problems::write_problems(f, &names, |flag| self.0 & flag != 0)
///     }
/// }
/// assert_eq!(Found(5).to_string(), "too many X; overlap");
/// ```
pub fn write_problems<T: Copy>(
    f: &mut fmt::Formatter<'_>,
    names: &[(T, &str)],
    is_set: impl Fn(T) -> bool,
) -> fmt::Result {
    let mut first = true;
    for &(flag, text) in names {
        if is_set(flag) {
            if !first {
                f.write_str("; ")?;
            }
            f.write_str(text)?;
            first = false;
        }
    }
    Ok(())
}
