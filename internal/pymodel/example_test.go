package pymodel_test

import (
	"fmt"
	"reflect"

	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/internal/pymodel"
)

// A Go struct as the pydantic model
//
//	class Weather(BaseModel):
//	    city: str = Field(description="The city.")
//	    unit: Literal["C", "F"] = "C"
//	    hours: List[int] = []
func Example() {
	type Weather struct {
		City  string `json:"city" description:"The city."`
		Unit  string `json:"unit" enum:"C,F" default:"C"`
		Hours []int  `json:"hours,omitempty"`
	}
	n, err := pymodel.Build(reflect.TypeFor[Weather](), pymodel.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	schema := pymodel.Schema(n)
	fmt.Println(string(pyjson.AppendJSON(nil, &schema)))

	in, _ := pyjson.Parse([]byte(`{"city": 7, "unit": "K"}`))
	var w Weather
	for _, e := range pymodel.Validate(n, &in, reflect.ValueOf(&w).Elem()) {
		fmt.Println(e.Loc, e.Type, e.Msg)
	}
	// Output:
	// {"properties":{"city":{"description":"The city.","title":"City","type":"string"},"unit":{"default":"C","enum":["C","F"],"title":"Unit","type":"string"},"hours":{"default":[],"items":{"type":"integer"},"title":"Hours","type":"array"}},"required":["city"],"title":"Weather","type":"object"}
	// [city] string_type Input should be a valid string
	// [unit] literal_error Input should be 'C' or 'F'
}
