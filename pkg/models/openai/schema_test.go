package openai

import (
	"encoding/json"
	"reflect"
	"testing"
)

// forecast and forecastWind are the Go twins of the pydantic models whose
// model_json_schema() (pydantic 2.13.4) is forecastSchema:
//
//	class Wind(BaseModel):
//	    speed: float
//	    gusts: List[int] = []
//	class Forecast(BaseModel):
//	    city: str = Field(description="The city.")
//	    unit: Literal["C", "F"] = "C"
//	    wind: Wind
//	    later: Optional[Wind] = None
//	    hours: List[int]
//	    tags: Dict[str, str] = {}
//	    note: Optional[str] = None
type forecast struct {
	City  string            `json:"city" description:"The city."`
	Unit  string            `json:"unit" enum:"C,F" default:"C"`
	Wind  forecastWind      `json:"wind"`
	Later *forecastWind     `json:"later"`
	Hours []int             `json:"hours"`
	Tags  map[string]string `json:"tags" default:"{}"`
	Note  *string           `json:"note"`
}

type forecastWind struct {
	Speed float64 `json:"speed"`
	Gusts []int   `json:"gusts" default:"[]"`
}

func (forecast) ModelName() string     { return "Forecast" }
func (forecastWind) ModelName() string { return "Wind" }

const forecastSchema = `{"$defs": {"Wind": {"properties": {"speed": {"title": "Speed", "type": "number"}, "gusts": {"default": [], "items": {"type": "integer"}, "title": "Gusts", "type": "array"}}, "required": ["speed"], "title": "Wind", "type": "object"}}, "properties": {"city": {"description": "The city.", "title": "City", "type": "string"}, "unit": {"default": "C", "enum": ["C", "F"], "title": "Unit", "type": "string"}, "wind": {"$ref": "#/$defs/Wind"}, "later": {"anyOf": [{"$ref": "#/$defs/Wind"}, {"type": "null"}], "default": null}, "hours": {"items": {"type": "integer"}, "title": "Hours", "type": "array"}, "tags": {"additionalProperties": {"type": "string"}, "default": {}, "title": "Tags", "type": "object"}, "note": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": null, "title": "Note"}}, "required": ["city", "wind", "hours"], "title": "Forecast", "type": "object"}`

// TestOutputOfType: a Go type's response format is the one its pydantic
// model's schema gives (type_to_response_format_param of the model is
// to_strict_json_schema of its model_json_schema), byte for byte.
func TestOutputOfType(t *testing.T) {
	got, err := outputOfType(reflect.TypeFor[*forecast]())
	if err != nil {
		t.Fatal(err)
	}
	want, err := outputOfSchema("Forecast", json.RawMessage(forecastSchema))
	if err != nil {
		t.Fatal(err)
	}
	g, _ := json.Marshal(got.param())
	w, _ := json.Marshal(want.param())
	if string(g) != string(w) {
		t.Errorf("got  %s\nwant %s", g, w)
	}
	for _, bad := range []reflect.Type{reflect.TypeFor[int](), reflect.TypeFor[struct{ C chan int }]()} {
		if _, err := outputOfType(bad); err == nil {
			t.Errorf("%v: no error", bad)
		}
	}
}
