package messages_test

import (
	"fmt"
	"math"
	"math/big"

	"github.com/agentschema/agentschema/gen"
)

// Integers of any size, as Python's int, and optional members.
func Example_intsAndOptionals() {
	a := gen.IntOf(-3)
	b := gen.IntOfUint64(math.MaxUint64)
	c := gen.IntFromBig(new(big.Int).Lsh(big.NewInt(1), 70))
	d, ok := gen.ParseInt("123456789012345678901234567890")
	_, bad := gen.ParseInt("1e3")
	fmt.Println(a, b, c, d, ok, bad)
	cfg := gen.RoundRobinGroupChatConfig{Name: gen.Ptr("team"), MaxTurns: gen.Ptr(gen.IntOf(10))}
	fmt.Println(*cfg.Name, *cfg.MaxTurns)
	// Output:
	// -3 18446744073709551615 1180591620717411303424 123456789012345678901234567890 true false
	// team 10
}
