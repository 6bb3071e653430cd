// Vertex transform and lighting, the fixed-function OpenGL T&L stage as software rasterizers
// and compute-shader vertex pipelines run it on a mesh's vertex buffer (blind check set 14:
// written after calibration, never fitted on; its sweeps go to fixtures/hopper/blind14/ once
// recorded). A vertex is an interleaved 32 B record {position xyz, normal xyz, texture uv};
// per vertex: the clip-space position MVP (x, y, z, 1), the eye-space depth z_e (the
// model-view matrix's third row), the eye-space normal N n (N the 3 x 3 normal matrix),
// normalized with rsqrtf, the Lambert term max(n . L, 0) for a directional light L (a normal
// of length 0 gets 0), and the linear fog factor clamp((end - |z_e|) / (end - start), 0, 1);
// the output is an interleaved 32 B record {clip xyzw, uv, diffuse, fog}. The uniforms (MVP,
// the model-view row, N and L: 32 float32) come from global memory, the same words for every
// thread (broadcast L1 hits). One thread per vertex: eight 4 B loads of its own record
// (lanes 32 B apart: each load instruction touches 32 sectors, reused by the next seven from
// L1) and eight 4 B stores of its output record. Integer-valued test data: the clip
// coordinates are exact; the normalization and the fog divide are within the manifest's
// tolerance of the float64 reference. No shared memory. 1-D: the block is linearized.
#include "common.cuh"

struct tnl_vertex {
    float px, py, pz;
    float nx, ny, nz;
    float u, v;
};

struct tnl_shaded {
    float cx, cy, cz, cw;
    float u, v;
    float diffuse, fog;
};

extern "C" __global__ void vertex_tnl(const float* __restrict__ vertices,
                                      const float* __restrict__ uniforms,
                                      float* __restrict__ shaded, long long n, float fog_start,
                                      float fog_end) {
    const long long i = ga_linear();
    if (i >= n) {
        return;
    }
    const tnl_vertex vin = reinterpret_cast<const tnl_vertex*>(vertices)[i];
    const float* mvp = uniforms;         // 4 x 4, row-major
    const float* mv_z = uniforms + 16;   // the model-view matrix's third row
    const float* nrm = uniforms + 20;    // 3 x 3 normal matrix, row-major
    const float* light = uniforms + 29;  // direction towards the light, eye space
    tnl_shaded out;
    out.cx = mvp[0] * vin.px + mvp[1] * vin.py + mvp[2] * vin.pz + mvp[3];
    out.cy = mvp[4] * vin.px + mvp[5] * vin.py + mvp[6] * vin.pz + mvp[7];
    out.cz = mvp[8] * vin.px + mvp[9] * vin.py + mvp[10] * vin.pz + mvp[11];
    out.cw = mvp[12] * vin.px + mvp[13] * vin.py + mvp[14] * vin.pz + mvp[15];
    const float ze = mv_z[0] * vin.px + mv_z[1] * vin.py + mv_z[2] * vin.pz + mv_z[3];
    const float ex = nrm[0] * vin.nx + nrm[1] * vin.ny + nrm[2] * vin.nz;
    const float ey = nrm[3] * vin.nx + nrm[4] * vin.ny + nrm[5] * vin.nz;
    const float ez = nrm[6] * vin.nx + nrm[7] * vin.ny + nrm[8] * vin.nz;
    const float len2 = ex * ex + ey * ey + ez * ez;
    float diffuse = 0.0f;
    if (len2 > 0.0f) {
        const float lambert = (ex * light[0] + ey * light[1] + ez * light[2]) * rsqrtf(len2);
        diffuse = fmaxf(lambert, 0.0f);
    }
    const float fog = (fog_end - fabsf(ze)) / (fog_end - fog_start);
    out.u = vin.u;
    out.v = vin.v;
    out.diffuse = diffuse;
    out.fog = fminf(fmaxf(fog, 0.0f), 1.0f);
    reinterpret_cast<tnl_shaded*>(shaded)[i] = out;
}
