# agentschema: make generate | test | check | lint | bench | fuzz | conformance
GO ?= go
STATICCHECK ?= honnef.co/go/tools/cmd/staticcheck@v0.8.2
# Each target needs time for its baseline coverage of the seed corpus first
# (the conformance cases): much under 30s ends in "context deadline exceeded".
FUZZTIME ?= 45s
BENCHSTAT ?= golang.org/x/perf/cmd/benchstat@v0.0.0-20260908200009-22c9c6c9d4da
BENCHCOUNT ?= 8
# The benchmarks with performance targets (names kept from release to release).
BENCHES ?= ^Benchmark(Floor.*State1k|Floor.*Transcript2k|DecodeState1k|EncodeState1k|ValidateState1k|DecodeTranscript2k|EncodeTranscript2k|CountTokensState1k|EncodeText1MB|Encode100kSpaces|GetMessages)$$
SHARED ?= ../shared

.PHONY: all generate drift test check lint bench fuzz conformance

all: test

# Rebuild gen/ from schemas/.
generate:
	$(GO) generate ./...

# Fail when gen/ differs from what the schemas generate, or the gRPC
# protocol code from its .proto files (needs protoc: .ci/run installs it).
drift: generate
	@git diff --exit-code -- gen/ pkg/distributed/protos/ || { echo "generated code is out of date: run 'make generate' and commit"; exit 1; }
	@test -z "$$(git status --porcelain -- gen/ pkg/distributed/protos/)" || { git status --porcelain -- gen/ pkg/distributed/protos/; echo "generated files are not committed"; exit 1; }

# The test command a developer runs often: the drift check, vet, and the
# tests in -short mode, without the race detector (a few minutes on two
# cores). -short leaves out the memory and size tests (images of 169
# million pixels, a gigabyte of JSONL, the command under an address-space
# limit), which make check runs.
test: drift
	$(GO) vet ./...
	$(GO) -C internal/cmd/schemagen vet ./...
	$(GO) -C internal/cmd/schemagen test ./...
	$(GO) test -short ./...

# What CI runs besides: the consumer check, the race detector on the whole
# tree, the memory tests, and every benchmark once.
check: test
	./scripts/consumer-check.sh
	$(GO) test -race ./...
	# The largest memory tests skip or shrink under -race, whose shadow
	# memory they would measure: they run here at full size.
	$(GO) test -run 'TestVerbsStream100MB|TestHostile1GBJSONL|TestValidateStreamsJSONL|TestNormalizeHugeImageRowMemory' ./cmd/agentschema/
	$(GO) test -run 'TestHostileImages|TestHostileJPEGEncode' ./internal/pyimg/
	# The portable string scanning that other architectures use, on this one.
	$(GO) test -tags purego ./internal/jsonscan/ ./internal/pyjson/ ./internal/wire/
	# Every benchmark runs once, so that none is left broken.
	$(GO) test -run '^$$' -bench . -benchtime 1x ./...

lint:
	@out=$$(gofmt -l $$(git ls-files '*.go')); test -z "$$out" || { echo "gofmt would change:"; echo "$$out"; exit 1; }
	$(GO) run $(STATICCHECK) ./...
	cd internal/cmd/schemagen && $(GO) run $(STATICCHECK) ./...

# Run the named benchmarks BENCHCOUNT times, keep the raw output in
# bench.txt, and print benchstat's table and the target ratios (medians).
bench:
	$(GO) test -run '^$$' -bench '$(BENCHES)' -benchmem -count $(BENCHCOUNT) -timeout 60m ./... | tee bench.txt
	$(GO) run $(BENCHSTAT) bench.txt
	$(GO) run ./internal/cmd/benchratio < bench.txt

# Run every fuzz target for FUZZTIME each (scripts/fuzz.sh).
fuzz:
	GO=$(GO) FUZZTIME=$(FUZZTIME) ./scripts/fuzz.sh

# Refresh testdata/ from the shared conformance cases and benchmark payloads.
conformance:
	rm -rf testdata/conformance
	cp -r $(SHARED)/conformance testdata/conformance
	chmod -R u+w testdata/conformance
	mkdir -p testdata/bench
	cp $(SHARED)/bench/* testdata/bench/
	chmod -R u+w testdata/bench
