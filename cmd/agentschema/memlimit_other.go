//go:build !linux

package main

// limitMemoryToAddressSpace does nothing here: the address-space limit it
// adapts to is read from Linux's /proc.
func limitMemoryToAddressSpace() {}
