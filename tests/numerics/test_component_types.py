import pytest

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.numerics.component_types import (
    MEMORY_INTERPRETATIONS,
    REGISTER_INTERPRETATIONS,
    ComponentType,
    MatrixLayout,
    as_component_type,
    as_matrix_layout,
    require_memory_interpretation,
    require_register_interpretation,
    type_info,
)


def test_enum_values_follow_the_sm69_component_type_enum():
    expected = {"Invalid": 0, "I1": 1, "I16": 2, "U16": 3, "I32": 4, "U32": 5, "I64": 6, "U64": 7,
                "F16": 8, "F32": 9, "F64": 10, "SNormF16": 11, "UNormF16": 12, "SNormF32": 13,
                "UNormF32": 14, "SNormF64": 15, "UNormF64": 16, "PackedS8x32": 17, "PackedU8x32": 18,
                "U8": 19, "I8": 20, "F8_E4M3": 21, "F8_E5M2": 22}
    assert {t.name: int(t) for t in ComponentType} == expected
    assert [int(x) for x in MatrixLayout] == [0, 1, 2, 3]


def test_register_and_memory_interpretations():
    assert len(REGISTER_INTERPRETATIONS) == 12
    assert REGISTER_INTERPRETATIONS - MEMORY_INTERPRETATIONS == {ComponentType.PackedS8x32,
                                                                 ComponentType.PackedU8x32}


@pytest.mark.parametrize("ct,bits,is_float,signed,packed", [
    (ComponentType.I8, 8, False, True, False), (ComponentType.U8, 8, False, False, False),
    (ComponentType.F8_E4M3, 8, True, True, False), (ComponentType.F8_E5M2, 8, True, True, False),
    (ComponentType.F16, 16, True, True, False), (ComponentType.I16, 16, False, True, False),
    (ComponentType.U16, 16, False, False, False), (ComponentType.F32, 32, True, True, False),
    (ComponentType.I32, 32, False, True, False), (ComponentType.U32, 32, False, False, False),
    (ComponentType.PackedS8x32, 32, False, True, True), (ComponentType.PackedU8x32, 32, False, False, True),
])
def test_type_facts(ct, bits, is_float, signed, packed):
    info = type_info(ct)
    assert (info.bits, info.is_float, info.is_signed, info.is_packed) == (bits, is_float, signed, packed)


def test_types_without_storage_are_rejected():
    with pytest.raises(InvalidArgumentError, match="SNormF16"):
        type_info(ComponentType.SNormF16)


def test_out_of_range_values_name_the_argument():
    with pytest.raises(InvalidArgumentError, match="matrix_interpretation = 99"):
        as_component_type(99, "matrix_interpretation")
    with pytest.raises(InvalidArgumentError, match="layout = 4"):
        as_matrix_layout(4)


def test_packed_types_are_not_memory_interpretations():
    with pytest.raises(InvalidArgumentError, match="bias_interpretation = PackedU8x32"):
        require_memory_interpretation(ComponentType.PackedU8x32, "bias_interpretation")
    with pytest.raises(InvalidArgumentError, match="input_interpretation = F64"):
        require_register_interpretation(ComponentType.F64, "input_interpretation")
    assert require_register_interpretation(17, "x") == ComponentType.PackedS8x32
