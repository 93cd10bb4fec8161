// Package pytime reads and writes datetimes exactly as pydantic v2 does for
// a `datetime` field (AutoGen's created_at), so that Go programs accept,
// refuse and print the same values.
//
// This package owns:
//
//   - [DateTime]: a datetime as Python holds it after validation: naive or
//     with a fixed UTC offset (kept as given, not normalized), to the
//     microsecond.
//   - [ParseString]: pydantic's lax parsing of a JSON string (speedate's
//     rules): RFC 3339-like datetimes, a bare date as naive midnight, and
//     numeric strings as unix timestamps.
//   - [FromNumber]: pydantic's reading of a JSON number as a unix timestamp
//     in seconds, or milliseconds above 2e10, as UTC.
//   - [ParseJSON] and [DateTime.UnmarshalJSON]: dispatch on a raw JSON value.
//   - [DateTime.AppendJSON] and [DateTime.String]: model_dump(mode="json")
//     output: "Z" for UTC, ±HH:MM for other offsets, nothing for naive,
//     6 microsecond digits only when non-zero.
//   - [*Error]: pydantic's error type (datetime_type, datetime_parsing,
//     datetime_from_date_parsing) and reason.
//
// Numbers follow pydantic's python mode (json.loads, then model_validate),
// which is how AutoGen loads messages; pydantic's JSON mode differs only in
// refusing integers of 19 digits or more with datetime_type instead of a
// range error.
package pytime
