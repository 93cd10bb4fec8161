package tokens

import (
	"errors"
	"sync"

	"github.com/agentschema/agentschema/internal/bpe"
)

// Encoding is a tiktoken byte-pair encoding (cl100k_base, o200k_base, ...)
// with its ranks embedded in the binary. It gives the same token ids as
// Python tiktoken 0.14 and is safe for concurrent use.
type Encoding struct {
	e *bpe.Encoding
}

// ErrUnknownEncoding is returned by GetEncoding for a name it does not know.
var ErrUnknownEncoding = bpe.ErrUnknownEncoding

// EncodingNames returns the names GetEncoding accepts: cl100k_base, gpt2,
// o200k_base, o200k_harmony, p50k_base, p50k_edit and r50k_base.
func EncodingNames() []string { return bpe.Names() }

// GetEncoding returns the named encoding, like tiktoken.get_encoding. The
// ranks are read from the embedded files on first use (tens of
// milliseconds); later calls return the same *Encoding.
func GetEncoding(name string) (*Encoding, error) {
	if e, ok := wrappers.Load(name); ok {
		return e.(*Encoding), nil
	}
	e, err := bpe.Get(name)
	if err != nil {
		return nil, err
	}
	w, _ := wrappers.LoadOrStore(name, &Encoding{e: e})
	return w.(*Encoding), nil
}

// wrappers holds one *Encoding per loaded encoding name.
var wrappers sync.Map

// EncodingOfModel returns the encoding AutoGen's OpenAI client uses for
// model (see EncodingForModel).
func EncodingOfModel(model string) (*Encoding, error) {
	return GetEncoding(EncodingForModel(model))
}

// Name returns the encoding's name, e.g. "o200k_base".
func (e *Encoding) Name() string { return e.e.Name() }

// Encode returns the token ids of text, as Python's Encoding.encode(text)
// does with its defaults: text that contains the text of a special token
// (for example "<|endoftext|>") is refused with a *DisallowedSpecialError.
func (e *Encoding) Encode(text string) ([]int, error) { return e.e.Encode(text) }

// EncodeOrdinary returns the token ids of text, treating special-token text
// as ordinary text (tiktoken's encode_ordinary). It never fails; invalid
// UTF-8 bytes are encoded as themselves (they decode back unchanged).
func (e *Encoding) EncodeOrdinary(text string) []int { return e.e.EncodeOrdinary(text) }

// EncodeWithSpecial returns the token ids of text where special-token text
// becomes the special token (tiktoken's allowed_special="all").
func (e *Encoding) EncodeWithSpecial(text string) []int { return e.e.EncodeWithSpecial(text) }

// Count returns len(Encode(text)) without building the token list.
func (e *Encoding) Count(text string) (int, error) { return e.e.Count(text) }

// CountOrdinary returns len(EncodeOrdinary(text)) without building the list.
func (e *Encoding) CountOrdinary(text string) int { return e.e.CountOrdinary(text) }

// Decode returns the bytes the tokens stand for. They need not be valid
// UTF-8 when a character is split between tokens. An id that is neither a
// token nor a special token of the encoding is an error.
func (e *Encoding) Decode(ids []int) ([]byte, error) { return e.e.Decode(ids) }

// DecodeString is Decode as a string.
func (e *Encoding) DecodeString(ids []int) (string, error) {
	b, err := e.e.Decode(ids)
	return string(b), err
}

// SpecialTokens returns the encoding's special tokens (text -> id).
func (e *Encoding) SpecialTokens() map[string]int { return e.e.SpecialTokens() }

// Split returns the pieces the encoding's pre-tokenizer (its regular
// expression) cuts text into before the byte-pair merge.
func (e *Encoding) Split(text string) []string { return e.e.Split(text) }

// IsDisallowedSpecial reports whether err is (or wraps) a
// *DisallowedSpecialError.
func IsDisallowedSpecial(err error) bool {
	var d *bpe.DisallowedSpecialError
	return errors.As(err, &d)
}
