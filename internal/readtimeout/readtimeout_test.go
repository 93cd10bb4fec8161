package readtimeout_test

import (
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/agentschema/agentschema/internal/readtimeout"
)

// TestDo: a server slow to answer or silent mid-body ends the request with
// ErrTimeout; one that keeps sending, each part within the timeout, is not
// cut however long it takes in all.
func TestDo(t *testing.T) {
	tests := []struct {
		name    string
		handler func(w http.ResponseWriter)
		wantErr bool // from Do (else from reading the body)
		want    error
	}{
		{"answers in time", func(w http.ResponseWriter) { io.WriteString(w, "ok") }, false, nil},
		{"slow headers", func(w http.ResponseWriter) { time.Sleep(600 * time.Millisecond) }, true, readtimeout.ErrTimeout},
		{"silent body", func(w http.ResponseWriter) {
			io.WriteString(w, "a")
			w.(http.Flusher).Flush()
			time.Sleep(600 * time.Millisecond)
		}, false, readtimeout.ErrTimeout},
		{"steady body", func(w http.ResponseWriter) {
			for range 10 { // 400 ms in all: longer than the timeout
				io.WriteString(w, "a")
				w.(http.Flusher).Flush()
				time.Sleep(40 * time.Millisecond)
			}
		}, false, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { tt.handler(w) }))
			defer srv.Close()
			req, _ := http.NewRequest("GET", srv.URL, nil)
			hc := &http.Client{Transport: readtimeout.Transport(time.Second)}
			// 250 ms: each part of "steady body" comes 40 ms after the last,
			// leaving room for a busy machine's stalls.
			resp, err := readtimeout.Do(req, 250*time.Millisecond, hc.Do)
			if tt.wantErr {
				if !errors.Is(err, tt.want) {
					t.Fatalf("error %v, want %v", err, tt.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			_, err = io.ReadAll(resp.Body)
			resp.Body.Close()
			if !errors.Is(err, tt.want) && err != tt.want {
				t.Errorf("read error %v, want %v", err, tt.want)
			}
		})
	}
}

func TestOf(t *testing.T) {
	two := 2.5
	zero := 0.0
	tests := []struct {
		in            *float64
		read, connect time.Duration
	}{
		{nil, 600 * time.Second, 5 * time.Second},
		{&zero, 600 * time.Second, 5 * time.Second},
		{&two, 2500 * time.Millisecond, 2500 * time.Millisecond},
	}
	for _, tt := range tests {
		if r, c := readtimeout.Of(tt.in); r != tt.read || c != tt.connect {
			t.Errorf("Of(%v) = %v %v, want %v %v", tt.in, r, c, tt.read, tt.connect)
		}
	}
}
