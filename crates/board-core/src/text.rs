//! Text helpers every game crate shares: serde through a type's notation, and joining a list
//! of problems for an error message.

use core::fmt;

/// The serde crate, re-exported for [`serde_via_str!`](crate::serde_via_str) so that the macro
/// expands the same in every crate. Not part of the public API.
#[cfg(feature = "serde")]
#[doc(hidden)]
pub use serde as __serde;

/// Implements `serde::Serialize` and `serde::Deserialize` for a type through its `Display`
/// and `FromStr`: the type is stored as its notation string, and loading re-parses (and so
/// re-validates) it, reporting the parse error's text on failure.
///
/// This is the workspace's serde policy for every type with one natural text form: moves,
/// points, rules by name, and positions as their validated diagram. It needs the `serde`
/// feature of this crate.
///
/// ```
/// # #[cfg(feature = "serde")] {
/// use std::{fmt, str::FromStr};
///
/// #[derive(Debug, PartialEq)]
/// struct Digit(u8);
/// impl fmt::Display for Digit {
///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { write!(f, "{}", self.0) }
/// }
/// impl FromStr for Digit {
///     type Err = String;
///     fn from_str(s: &str) -> Result<Digit, String> {
///         match s.parse::<u8>() {
///             Ok(d) if d < 10 => Ok(Digit(d)),
///             _ => Err(format!("not a digit: {s:?}")),
///         }
///     }
/// }
/// boardgames_core::serde_via_str!(Digit);
///
/// assert_eq!(serde_json::to_string(&Digit(7)).unwrap(), "\"7\"");
/// assert_eq!(serde_json::from_str::<Digit>("\"3\"").unwrap(), Digit(3));
/// assert!(serde_json::from_str::<Digit>("\"12\"").is_err());
/// # }
/// ```
#[cfg(feature = "serde")]
#[macro_export]
macro_rules! serde_via_str {
    ($ty:ty) => {
        impl $crate::text::__serde::Serialize for $ty {
            fn serialize<S: $crate::text::__serde::Serializer>(
                &self,
                serializer: S,
            ) -> ::core::result::Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> $crate::text::__serde::Deserialize<'de> for $ty {
            fn deserialize<D: $crate::text::__serde::Deserializer<'de>>(
                deserializer: D,
            ) -> ::core::result::Result<$ty, D::Error> {
                let text = <::std::borrow::Cow<'de, str> as $crate::text::__serde::Deserialize>::deserialize(
                    deserializer,
                )?;
                text.parse::<$ty>()
                    .map_err(<D::Error as $crate::text::__serde::de::Error>::custom)
            }
        }
    };
}

/// The items' `Display` texts separated by `separator`: the message of an error that lists
/// every problem found.
///
/// ```
/// assert_eq!(boardgames_core::text::join(&[1, 2, 3], "; "), "1; 2; 3");
/// assert_eq!(boardgames_core::text::join::<u8>(&[], "; "), "");
/// ```
pub fn join<T: fmt::Display>(items: &[T], separator: &str) -> String {
    let mut out = String::new();
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(separator);
        }
        out.push_str(&item.to_string());
    }
    out
}
