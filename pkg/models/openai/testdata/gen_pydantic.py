# Generates the two expectation files of this directory with pydantic
# 2.13.4 (and the jiter inside its pydantic_core):
#
#   python3 gen_pydantic.py
#
# pydantic_validation.json: the model_json_schema() of a few models and
# str(ValidationError) (or "") of model_validate_json on contents, as the
# openai library's parse of structured output does.
# jiter_errors.json: from_json's error (or "") on texts that are not all
# JSON, without and with partial parsing (the openai library's stream
# parses the content with jiter.from_json(partial_mode=True)).
import json, enum
from typing import Literal, Optional, Union, List, Dict
from pydantic import BaseModel, Field, ConfigDict, ValidationError
import pydantic

class WeatherReport(BaseModel):
    city: str
    temperature_c: float
    conditions: Literal["sunny", "cloudy", "rain"]

class Address(BaseModel):
    street: str
    city: str

class Person(BaseModel):
    name: str
    age: Optional[int] = None
    addresses: List[Address]
    primary: Address = Field(description="the main address")

class Settings(BaseModel):
    """Every field has a default."""
    verbose: bool = False
    level: int = 1
    address: Optional[Address] = None

class Node(BaseModel):
    label: str
    children: List["Node"] = []

class Color(enum.Enum):
    RED = "red"
    BLUE = "blue"

class Mixed(BaseModel):
    value: Union[int, str]
    color: Color
    tags: Dict[str, int] = {}
    ratio: float = Field(ge=0, le=1, default=0.5)
    code: str = Field(min_length=2, max_length=4, pattern="^[a-z]+$", default="ab")
    items: List[int] = Field(default=[], max_length=2)
    flag: Optional[bool] = None
    const: Literal[1, 2] = 1

import datetime
from typing import Tuple
class Extras(BaseModel):
    pair: Tuple[int, str] = (1, "a")
    when: Optional[datetime.datetime] = None
    tags: Dict[str, int] = {}
    anything: object = None
    nums: List[float] = Field(default=[], min_length=1)

class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")
    a: int

TEXTS = ["Bonjour", "{\"city\": \"Pa", "{\"a\": 1} x", "{\"a\" 1}", "{\"a\": 1 \"b\": 2}", "[1, 2", "[1 2]", "{a: 1}", "tru", "trux", "-", "1.", "1.x", "{\"a\": [1, {\"b\": nul", "\"abc", "\"a\\x\"", "{\"a\": 1,}", "[1,]", "", "   ", "\n\n  x", "{\"a\":\n 1,\n \"b\" 2}", "01", "1e", "{\"a\": \"b\u0001\"}", "[", "{", "[[1 2], 3]", "{\"a\": [1}, \"b\": x}", "[1.", "{\"a\": tru", "{\"a\": \"b", "[\"a\\", "{\"a\": 1, \"b", "{\"a\": 1, ", "[1, {\"a\" 2}]", "-x", "-0", "0.5e+3", "1ex", "[-]", "{\"a\": NaN}", "Infinity", "-Infinity", "nul", "[nul", "[1,\n 2,\n x]", "{\"x\": [1, 2, 3], \"y\": {\"z\": \"été\"", "\"é\" x"]

models = [WeatherReport, Person, Settings, Node, Mixed, Extras, Strict]
contents = {
 "WeatherReport": ['{"city": "Paris", "temperature_c": 1, "conditions": "snow"}', '{"city": "Paris"}', '{"city": 1, "temperature_c": "warm", "conditions": "rain"}',
                   '{"city": "Paris", "temperature_c": "12.5", "conditions": "rain"}', '[1, 2]', '"text"', '{"city": "Pa', 'not json', '{"city": "x", "temperature_c": null, "conditions": null}',
                   '{"city": "x", "temperature_c": true, "conditions": "sunny"}', '{"city": "' + "a"*80 + '"}'],
 "Person": ['{"name": "Ann", "age": null, "addresses": [], "primary": {"street": "Main 1", "city": "Oslo"}}', '{"name": "Ann", "age": "x", "addresses": [{"street": 1}], "primary": "home"}',
            '{"name": "Ann", "age": 1.5, "addresses": {}, "primary": {}}', '{"name": "Ann", "age": "7", "addresses": [{"street": "a", "city": "b"}, 3], "primary": {"street": "a", "city": "b"}}'],
 "Settings": ['{}', '{"verbose": "yes", "level": "2", "address": null}', '{"verbose": "maybe", "level": 2.0, "address": {"street": "s"}}', '{"verbose": 2, "level": 2.5}'],
 "Node": ['{"label": "root", "children": [{"label": "leaf", "children": []}]}', '{"label": "root", "children": [{"children": [{"label": 5}]}]}'],
 "Mixed": ['{"value": 1, "color": "red"}', '{"value": [1], "color": "green"}', '{"value": "x", "color": "blue", "tags": {"a": "x", "b": 2}}',
           '{"value": 1, "color": "red", "ratio": 2, "code": "A", "items": [1, 2, 3]}', '{"value": 1, "color": "red", "ratio": -1, "code": "abcdef"}',
           '{"value": 1, "color": "red", "code": "AB1", "flag": "x", "const": 3}', '{"value": 1.0, "color": "red", "items": ["a", 2]}', '{"value": null, "color": null}'],
 "Extras": ['{"pair": [1]}', '{"pair": [1, "a", 3]}', '{"pair": {"a": 1}}', '{"pair": ["x", 2]}', '{"when": "nope"}', '{"when": "2024-01-02T03:04:05Z", "nums": [1, "2.5"]}',
            '{"when": 12, "tags": [], "anything": [1, {"a": null}]}', '{"nums": []}', '{"nums": [true, "x"]}', '{"when": "2024-13-01"}'],
 "Strict": ['{"a": 1, "b": 2, "c": 3}', '{"a": "x"}'],
}
out = []
for m in models:
    schema = m.model_json_schema()
    for c in contents[m.__name__]:
        try:
            m.model_validate_json(c)
            err = ""
        except ValidationError as e:
            err = str(e)
        out.append({"name": m.__name__, "schema": schema, "content": c, "error": err})
with open("pydantic_validation.json", "w") as f:
    json.dump({"pydantic": pydantic.VERSION, "cases": out}, f, indent=1, ensure_ascii=False)
    f.write("\n")

from pydantic_core import from_json
texts = TEXTS
jout = []
for t in texts:
    r = []
    for partial in (False, True):
        try:
            from_json(t.encode(), allow_partial=partial)
            r.append("")
        except ValueError as e:
            r.append(str(e))
    jout.append({"text": t, "error": r[0], "partial_error": r[1]})
with open("jiter_errors.json", "w") as f:
    json.dump(jout, f, indent=1, ensure_ascii=False)
    f.write("\n")
