package jsonstream

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"testing"
	"testing/iotest"
)

// FuzzRead reads arbitrary input in every format and checks what is
// yielded against the input itself and against encoding/json:
//   - each document's Data is the input's bytes at its Offset, and its
//     Line and Column are those of that offset;
//   - a document yielded without a fault is valid JSON (json.Valid);
//   - in a Sequence read without faults, encoding/json's Decoder reads
//     the same values, byte for byte;
//   - a single valid JSON value is one document in every format that
//     does not split it;
//   - reading one byte at a time yields the same as reading at once.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		`{"a":1}` + "\n" + `[1,2]` + "\n",
		"{\n \"a\": [1, 2.5e3, true, null, \"x\\u00e9\"]\n}\n{}",
		`[{"a":1},{"b":[2]},3]`,
		"{\"a\":\n",
		`"\q"`,
		"\ufeff{}",
		`1 2 -0.5e+7 "s" [] {}`,
		"{\"a\":1} x\n{}\n",
	} {
		f.Add([]byte(s), uint8(0))
	}
	f.Fuzz(func(t *testing.T, in []byte, mode uint8) {
		opts := Options{Format: Format(mode % 3), Elements: mode&4 != 0, Name: "f"}
		if mode&8 != 0 {
			opts.MaxSize = 16
		}
		var got []Document
		var errs []error
		for d, err := range Read(bytes.NewReader(in), opts) {
			d.Data = bytes.Clone(d.Data)
			got = append(got, d)
			errs = append(errs, err)
			if d.Offset < 0 || d.Offset+int64(len(d.Data)) > int64(len(in)) || !bytes.Equal(in[d.Offset:d.Offset+int64(len(d.Data))], d.Data) {
				t.Fatalf("document %d at offset %d is not the input's bytes there: %q", d.Index, d.Offset, d.Data)
			}
			line := 1 + bytes.Count(in[:d.Offset], []byte("\n"))
			col := int(d.Offset) - (bytes.LastIndexByte(in[:d.Offset], '\n') + 1) + 1
			if d.Line != line || d.Column != col {
				t.Fatalf("document %d at %d:%d, offset %d is %d:%d", d.Index, d.Line, d.Column, d.Offset, line, col)
			}
			if err == nil && !json.Valid(d.Data) {
				t.Fatalf("document %q yielded without a fault is not JSON", d.Data)
			}
			var e *Error
			if err != nil && !errors.As(err, &e) {
				t.Fatalf("fault %v is not an *Error", err)
			}
		}
		var one []Document
		for d, err := range Read(iotest.OneByteReader(bytes.NewReader(in)), opts) {
			d.Data = bytes.Clone(d.Data)
			one = append(one, d)
			_ = err
		}
		if len(one) != len(got) {
			t.Fatalf("%d documents read at once, %d a byte at a time", len(got), len(one))
		}
		for i := range one {
			if one[i].Offset != got[i].Offset || !bytes.Equal(one[i].Data, got[i].Data) {
				t.Fatalf("document %d differs read a byte at a time", i)
			}
		}
		if opts.Format == Sequence && !opts.Elements && opts.MaxSize == 0 {
			faults := false
			for _, err := range errs {
				faults = faults || err != nil
			}
			if !faults {
				dec := json.NewDecoder(bytes.NewReader(in))
				for i := 0; ; i++ {
					var raw json.RawMessage
					err := dec.Decode(&raw)
					if err == io.EOF {
						if i != len(got) {
							t.Fatalf("encoding/json reads %d values, Read %d", i, len(got))
						}
						break
					}
					if err != nil {
						t.Fatalf("Read finds no fault, encoding/json: %v", err)
					}
					if i >= len(got) || !bytes.Equal(raw, got[i].Data) {
						t.Fatalf("value %d: encoding/json %q, Read %v", i, raw, len(got))
					}
				}
			}
			if json.Valid(in) && len(bytes.TrimSpace(in)) > 0 && (len(got) != 1 || errs[0] != nil) {
				t.Fatalf("one valid value read as %d documents (%v)", len(got), errs)
			}
		}
	})
}
