package models_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/agentschema/agentschema/pkg/models"
)

type pyErr struct{ class, msg string }

func (e *pyErr) Error() string                     { return e.class + ": " + e.msg }
func (e *pyErr) PythonException() (string, string) { return e.class, e.msg }

func TestExceptionOf(t *testing.T) {
	tests := []struct {
		name       string
		err        error
		class, msg string
		ok         bool
	}{
		{"direct", &pyErr{"ValueError", "bad"}, "ValueError", "bad", true},
		{"wrapped", fmt.Errorf("x: %w", &pyErr{"TypeError", "t"}), "TypeError", "t", true},
		{"plain", errors.New("ValueError: no"), "", "", false},
		{"nil", nil, "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			class, msg, ok := models.ExceptionOf(tt.err)
			if class != tt.class || msg != tt.msg || ok != tt.ok {
				t.Errorf("got %q %q %v", class, msg, ok)
			}
		})
	}
}
