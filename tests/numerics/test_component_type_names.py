"""One set of type names for users: D3D12's short names, read in any spelling, printed one way."""

import pytest

from d3d12api import D3D12_LINEAR_ALGEBRA_DATATYPE
from dxlinalg.errors import InvalidArgumentError
from dxlinalg.numerics.component_types import (
    D3D12_TYPE_NAMES,
    REGISTER_INTERPRETATIONS,
    ComponentType,
    d3d12_type_name,
    parse_component_type,
)


def test_the_names_are_d3d12s_with_the_same_values():
    assert {name: int(t) for name, t in D3D12_TYPE_NAMES.items()} == \
        {name: int(member) for name, member in D3D12_LINEAR_ALGEBRA_DATATYPE.__members__.items()}
    assert set(D3D12_TYPE_NAMES.values()) == REGISTER_INTERPRETATIONS


@pytest.mark.parametrize("component_type", sorted(REGISTER_INTERPRETATIONS))
def test_each_type_is_printed_by_the_d3d12_enums_own_name(component_type):
    assert d3d12_type_name(component_type) == D3D12_LINEAR_ALGEBRA_DATATYPE(int(component_type)).name


@pytest.mark.parametrize("text,expected", [
    ("FLOAT16", ComponentType.F16), ("float16", ComponentType.F16), ("F16", ComponentType.F16),
    ("SINT8_T4_PACKED", ComponentType.PackedS8x32), ("packeds8x32", ComponentType.PackedS8x32),
    ("E4M3", ComponentType.F8_E4M3), ("FLOAT_E4M3", ComponentType.F8_E4M3), ("f8_e4m3", ComponentType.F8_E4M3),
    ("D3D12_LINEAR_ALGEBRA_DATATYPE_FLOAT_E5M2", ComponentType.F8_E5M2), (" uint32 ", ComponentType.U32),
])
def test_d3d12_names_aliases_and_dxil_names_are_read_in_any_case(text, expected):
    assert parse_component_type(text, "--to-type") is expected


@pytest.mark.parametrize("text", ["float7", "F64", "I1", "SNormF16", "", "D3D12_LINEAR_ALGEBRA_DATATYPE_"])
def test_other_names_are_rejected_naming_the_argument_and_the_valid_names(text):
    with pytest.raises(InvalidArgumentError, match=rf"^--to-type {text!r} is not a D3D12 linear-algebra type; "
                                                    r"valid: SINT16, UINT16, .*SINT8_T4_PACKED"):
        parse_component_type(text, "--to-type")


def test_types_outside_the_linear_algebra_set_print_their_dxil_name():
    assert d3d12_type_name(ComponentType.F64) == "F64"
