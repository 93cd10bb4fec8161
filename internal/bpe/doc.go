// Package bpe is the tiktoken byte-pair encoder behind pkg/tokens.
//
// It holds the mergeable ranks of the OpenAI encodings (read from the
// .tiktoken files embedded by github.com/pkoukk/tiktoken-go-loader, checked
// against the SHA-256 sums tiktoken expects), hand-written pre-tokenizers
// that reproduce tiktoken 0.14's regular expressions match for match
// (pretok_test.go compares them with regexp2 running the official patterns),
// and the merge: tiktoken's array scan for short pieces, a linked list with
// a min-heap for long ones (O(n log n): a 100,000-space piece takes about
// 30 ms instead of seconds).
// Token ids equal Python tiktoken's for every valid UTF-8 input; invalid
// bytes are encoded as themselves and decode back unchanged.
package bpe
