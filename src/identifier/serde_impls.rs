//! `serde` (feature `serde`): each type serializes as its text and deserializes by parsing it, so
//! that an invalid string is an error that says at which offset it goes wrong and what was
//! expected there ([`ParseError::message`]).

use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::ser::{Serialize, Serializer};

use super::{Iri, IriRef, Storage, Uri, UriRef};
use crate::parsing::error::ParseError;

/// Visits a string (owned, or borrowed from the input) and parses it with `parse`.
struct Text<V>(&'static str, PhantomData<V>);

/// The deserialization error of an invalid string.
fn invalid<E: de::Error>(e: &ParseError) -> E {
    E::custom(e.message())
}

macro_rules! serde_impls {
    ($name:ident, $expecting:literal) => {
        impl<T: Storage> Serialize for $name<T> {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }

        impl<'de> Visitor<'de> for Text<$name<String>> {
            type Value = $name<String>;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.0)
            }

            fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
                $name::parse(v.to_string()).map_err(|e| invalid(&e))
            }

            fn visit_string<E: de::Error>(self, v: String) -> Result<Self::Value, E> {
                $name::parse(v).map_err(|e| invalid(&e))
            }
        }

        impl<'de> Deserialize<'de> for $name<String> {
            #[doc = concat!("Parses the string ([`", stringify!($name), "::parse`]).")]
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                d.deserialize_string(Text::<$name<String>>($expecting, PhantomData))
            }
        }

        impl<'de> Visitor<'de> for Text<$name<&'de str>> {
            type Value = $name<&'de str>;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{} borrowed from the input", self.0)
            }

            fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Self::Value, E> {
                $name::parse(v).map_err(|e| invalid(&e))
            }
        }

        impl<'de: 'a, 'a> Deserialize<'de> for $name<&'a str> {
            /// Parses a string borrowed from the input; a string the input holds escaped cannot be
            /// borrowed (deserialize the owned form then).
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                d.deserialize_str(Text::<$name<&'de str>>($expecting, PhantomData))
            }
        }
    };
}

serde_impls!(Uri, "a URI (RFC 3986 §3)");
serde_impls!(UriRef, "a URI reference (RFC 3986 §4.1)");
serde_impls!(Iri, "an IRI (3987bis §2.2)");
serde_impls!(IriRef, "an IRI reference (3987bis §2.2)");
