package pyimg

import (
	"fmt"
)

// Base64Error is the error of [DecodeBase64]. Msg is the message Python's
// base64.b64decode raises, for example "Incorrect padding" (binascii.Error,
// a ValueError) or "string argument should contain only ASCII characters".
type Base64Error struct {
	Msg string
}

// Error returns the Python message.
func (e *Base64Error) Error() string { return e.Msg }

// UnidentifiedImageError reports data that is not an image this package
// recognises, as PIL.UnidentifiedImageError does ("cannot identify image
// file"). Reason says what was wrong.
type UnidentifiedImageError struct {
	Reason string
}

// Error returns "cannot identify image file: " and the reason.
func (e *UnidentifiedImageError) Error() string {
	return "cannot identify image file: " + e.Reason
}

// DecompressionBombError reports an image whose header claims more pixels
// than [Limits.MaxPixels] allows, like Pillow's DecompressionBombError. It is
// returned before any pixel memory is allocated.
type DecompressionBombError struct {
	Width, Height int
	Pixels        int64 // Width * Height
	Limit         int64 // the MaxPixels limit that was exceeded
}

// Error returns Pillow's message for the same condition.
func (e *DecompressionBombError) Error() string {
	return fmt.Sprintf("Image size (%d pixels) exceeds limit of %d pixels, could be decompression bomb DOS attack.", e.Pixels, e.Limit)
}

// DecodeError reports an identified image whose pixel data cannot be
// decoded (truncated or corrupt data, an unsupported variant). Format is the
// image format ("PNG", "JPEG", ...); Err, when set, is the underlying cause.
type DecodeError struct {
	Format string
	Reason string
	Err    error
}

// Error describes the failure.
func (e *DecodeError) Error() string {
	msg := "cannot decode " + e.Format + " image: " + e.Reason
	if e.Err != nil {
		msg += ": " + e.Err.Error()
	}
	return msg
}

// Unwrap returns the underlying cause.
func (e *DecodeError) Unwrap() error { return e.Err }

// DataURIError reports a string that [FromDataURI] refuses. Msg is
// AutoGen's message, "Invalid URI format. It should be a base64 encoded image
// URI.".
type DataURIError struct {
	Msg string
}

// Error returns AutoGen's message.
func (e *DataURIError) Error() string { return e.Msg }

func unidentified(format string, args ...any) error {
	return &UnidentifiedImageError{Reason: fmt.Sprintf(format, args...)}
}

func decodeErr(format, reason string, err error) error {
	return &DecodeError{Format: format, Reason: reason, Err: err}
}
