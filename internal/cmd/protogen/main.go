// Command protogen regenerates the Go code of AutoGen's gRPC protocol
// (pkg/distributed/protos) from the .proto files beside it, with pinned
// versions of protoc-gen-go and protoc-gen-go-grpc, so that the output is
// the same on every machine. go generate runs it:
//
//	go run ../../../internal/cmd/protogen -out .
//
// It needs protoc on PATH and the well-known types' .proto files in
// protoc's include path (Debian: protobuf-compiler, libprotobuf-dev). The
// version of protoc that protoc-gen-go writes into each file's header is
// replaced by a fixed text: the generated code does not depend on it, and
// the drift check must not either.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
)

// The pinned plugin versions: changing one regenerates every file.
const (
	protocGenGo     = "google.golang.org/protobuf/cmd/protoc-gen-go@v1.36.12"
	protocGenGoGRPC = "google.golang.org/grpc/cmd/protoc-gen-go-grpc@v1.6.2"
	importPath      = "github.com/agentschema/agentschema/pkg/distributed/protos;protos"
)

// protos are the files generated, relative to -src.
var protos = []string{"agent_worker.proto", "cloudevent.proto"}

// header is the line that marks a generated file.
var header = regexp.MustCompile(`(?m)^// Code generated .* DO NOT EDIT\.\n`)

// protocLine matches the header line of either plugin that names protoc's
// version.
var protocLine = regexp.MustCompile(`(?m)^(//\s+(?:- )?protoc\s+).*$`)

func main() {
	src := flag.String("src", ".", "the directory holding the .proto files")
	out := flag.String("out", ".", "where to write the generated .go files")
	flag.Parse()
	if err := run(*src, *out); err != nil {
		fmt.Fprintln(os.Stderr, "protogen:", err)
		os.Exit(1)
	}
}

func run(src, out string) error {
	protoc, err := exec.LookPath("protoc")
	if err != nil {
		return errors.New("protoc is not on PATH (Debian: apt-get install protobuf-compiler libprotobuf-dev)")
	}
	tmp, err := os.MkdirTemp("", "protogen")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	bin := filepath.Join(tmp, "bin")
	for _, p := range []string{protocGenGo, protocGenGoGRPC} {
		cmd := exec.Command("go", "install", p)
		cmd.Env = append(os.Environ(), "GOBIN="+bin, "GOFLAGS=-mod=mod")
		cmd.Dir = tmp
		if b, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("go install %s: %v\n%s", p, err, b)
		}
	}
	gen := filepath.Join(tmp, "out")
	if err := os.MkdirAll(gen, 0o755); err != nil {
		return err
	}
	args := []string{"-I", src,
		"--plugin=protoc-gen-go=" + filepath.Join(bin, "protoc-gen-go"),
		"--plugin=protoc-gen-go-grpc=" + filepath.Join(bin, "protoc-gen-go-grpc"),
		"--go_out=" + gen, "--go_opt=paths=source_relative",
		"--go-grpc_out=" + gen, "--go-grpc_opt=paths=source_relative"}
	for _, p := range protos {
		args = append(args, "--go_opt=M"+p+"="+importPath, "--go-grpc_opt=M"+p+"="+importPath)
	}
	args = append(args, protos...)
	cmd := exec.Command(protoc, args...)
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("protoc: %v\n%s", err, b)
	}
	files, err := filepath.Glob(filepath.Join(gen, "*.go"))
	if err != nil {
		return err
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		b = protocLine.ReplaceAll(b, []byte("${1}(any version: the output does not depend on it)"))
		// cloudevent.proto's leading comment is copied above the header:
		// the header goes first, as the project's generated files have it.
		h := header.Find(b)
		if h == nil {
			return fmt.Errorf("%s: no Code generated header", f)
		}
		if !bytes.HasPrefix(b, h) {
			b = append(append([]byte{}, h...), bytes.Replace(b, h, nil, 1)...)
		}
		if err := os.WriteFile(filepath.Join(out, filepath.Base(f)), b, 0o644); err != nil {
			return err
		}
	}
	return nil
}
