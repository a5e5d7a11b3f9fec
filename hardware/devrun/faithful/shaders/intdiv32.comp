#version 450
// Integer division and remainder by every divisor in B (zero included), 32-bit.
// Each invocation writes 5 words: SDiv, UDiv, SRem, SMod (the second `%`, patched to OpSMod by
// build.py), UMod.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer A { int a[]; };
layout(set = 0, binding = 1) readonly buffer B { int b[]; };
layout(set = 0, binding = 2) writeonly buffer R { int r[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    int x = a[i];
    int y = b[i];
    r[5 * i + 0] = x / y;
    r[5 * i + 1] = int(uint(x) / uint(y));
    r[5 * i + 2] = x % y;
    r[5 * i + 3] = x % y;
    r[5 * i + 4] = int(uint(x) % uint(y));
}
