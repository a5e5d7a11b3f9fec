#version 450
// One GLSL.std.450 (or core) float32 function, chosen by the specialization constant FN, on the
// bit patterns in X (and Y for the binary ones). Numbering: see FUNCTIONS in gen.py.
layout(local_size_x = 256) in;
layout(constant_id = 0) const int FN = 0;
layout(set = 0, binding = 0) readonly buffer X { uint x[]; };
layout(set = 0, binding = 1) readonly buffer Y { uint y[]; };
layout(set = 0, binding = 2) writeonly buffer R { uint r[]; };
float f(float a, float b) {
    switch (FN) {
    case 0: return exp(a);
    case 1: return exp2(a);
    case 2: return log(a);
    case 3: return log2(a);
    case 4: return sin(a);
    case 5: return cos(a);
    case 6: return tan(a);
    case 7: return asin(a);
    case 8: return acos(a);
    case 9: return atan(a);
    case 10: return sinh(a);
    case 11: return cosh(a);
    case 12: return tanh(a);
    case 13: return asinh(a);
    case 14: return acosh(a);
    case 15: return atanh(a);
    case 16: return sqrt(a);
    case 17: return inversesqrt(a);
    case 18: return 1.0 / a;
    case 19: return pow(a, b);
    case 20: return atan(a, b);
    case 21: return a / b;
    default: return a;
    }
}
void main() {
    uint i = gl_GlobalInvocationID.x;
    r[i] = floatBitsToUint(f(uintBitsToFloat(x[i]), uintBitsToFloat(y[i])));
}
