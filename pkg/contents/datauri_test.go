package contents

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

func TestParseDataURI(t *testing.T) {
	tests := []struct {
		name, uri string
		data      string
		mediaType string
	}{
		{"png base64", "data:image/png;base64,iVBORw0KGgo=", "\x89PNG\r\n\x1a\n", "image/png"},
		{"unpadded", "data:image/png;base64,iVBORw0KGgo", "\x89PNG\r\n\x1a\n", "image/png"},
		{"case-insensitive scheme and base64", "DATA:text/plain;BASE64,aGk=", "hi", "text/plain"},
		{"parameters", "data:text/plain;charset=UTF-8;base64,aGk=", "hi", "text/plain;charset=UTF-8"},
		{"no media type", "data:;base64,aGk=", "hi", DefaultDataURIMediaType},
		{"no media type, no base64", "data:,hi", "hi", DefaultDataURIMediaType},
		{"percent-encoded", "data:text/plain,a%20b%2Cc+d", "a b,c+d", "text/plain"},
		{"comma in data", "data:text/plain,a,b", "a,b", "text/plain"},
		{"empty data", "data:application/octet-stream;base64,", "", "application/octet-stream"},
		{"media type spaces trimmed", "data: image/png ;base64,aGk=", "hi", "image/png"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data, mt, err := ParseDataURI(tt.uri)
			if err != nil {
				t.Fatal(err)
			}
			if string(data) != tt.data || mt != tt.mediaType {
				t.Errorf("got %q, %q; want %q, %q", data, mt, tt.data, tt.mediaType)
			}
			dc, err := DataContentFromURI(tt.uri)
			if err != nil || !bytes.Equal(dc.Data, data) || dc.MediaType != mt {
				t.Errorf("DataContentFromURI = %+v, %v", dc, err)
			}
		})
	}
}

func TestParseDataURIErrors(t *testing.T) {
	tests := []struct{ name, uri, reason string }{
		{"empty", "", `it does not start with "data:"`},
		{"http", "https://example.com/a.png", `it does not start with "data:"`},
		{"no comma", "data:image/png;base64", `it has no "," between the media type and the data`},
		{"bad base64", "data:image/png;base64,@@@@", "the data is not base64"},
		{"base64 white space", "data:image/png;base64,aG k=", "white space"},
		{"base64 bad length", "data:image/png;base64,aGk=a", "the data is not base64"},
		{"no subtype", "data:image;base64,aGk=", "the media type 'image' is not valid"},
		{"empty subtype", "data:image/;base64,aGk=", "the media type 'image/' is not valid"},
		{"bad parameter", "data:text/plain;charset;base64,aGk=", "is not valid"},
		{"bad percent escape", "data:text/plain,100%", "invalid percent escape"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := ParseDataURI(tt.uri)
			var de *DataURIError
			if !errors.As(err, &de) {
				t.Fatalf("error %v is not a *DataURIError", err)
			}
			if !strings.Contains(de.Reason, tt.reason) {
				t.Errorf("Reason = %q, want it to contain %q", de.Reason, tt.reason)
			}
			if !strings.HasPrefix(err.Error(), "invalid data URI: ") {
				t.Errorf("Error() = %q", err.Error())
			}
			if _, err := DataContentFromURI(tt.uri); !errors.As(err, &de) {
				t.Errorf("DataContentFromURI error %v", err)
			}
		})
	}
}

func TestDataContentURI(t *testing.T) {
	tests := []struct {
		data      []byte
		mediaType string
		b64, uri  string
	}{
		{[]byte("hi"), "text/plain", "aGk=", "data:text/plain;base64,aGk="},
		{nil, "application/octet-stream", "", "data:application/octet-stream;base64,"},
		{[]byte{0xff, 0xfe, 0xfd}, "image/x-raw;w=1", "//79", "data:image/x-raw;w=1;base64,//79"},
	}
	for _, tt := range tests {
		dc, err := NewDataContent(tt.data, tt.mediaType)
		if err != nil {
			t.Fatal(err)
		}
		if dc.Base64Data() != tt.b64 || dc.URI() != tt.uri {
			t.Errorf("Base64Data() = %q, URI() = %q; want %q, %q", dc.Base64Data(), dc.URI(), tt.b64, tt.uri)
		}
		// The URI reads back to the same content.
		back, err := DataContentFromURI(dc.URI())
		if err != nil || !bytes.Equal(back.Data, tt.data) || back.MediaType != tt.mediaType {
			t.Errorf("DataContentFromURI(URI()) = %+v, %v", back, err)
		}
	}
	// NewDataContent copies its input.
	in := []byte("abc")
	dc, _ := NewDataContent(in, "text/plain")
	in[0] = 'X'
	if string(dc.Data) != "abc" {
		t.Error("NewDataContent did not copy the data")
	}
	for _, bad := range []string{"", "png", "image/", "/png", "a/b/c", "text/plain; x"} {
		_, err := NewDataContent(nil, bad)
		var me *MediaTypeError
		if !errors.As(err, &me) || me.MediaType != bad {
			t.Errorf("NewDataContent(%q): %v", bad, err)
		}
	}
}
