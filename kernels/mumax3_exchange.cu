// Micromagnetic exchange field, mumax3's addexchange kernel (mumax/3, cuda/exchange.cu with
// its stencil.h, float3.h and amul.h: the Heisenberg exchange term of the effective field,
// added to B by a six-neighbour Laplacian of the magnetization) (blind check set 44: written
// after calibration, never fitted on). As in mumax3: ix from x, iy from y and iz from the
// grid's z (mumax3's make3DConf: 16 x 16 x 1 blocks, a grid layer per z plane); the cell's m
// (three planar float arrays); an empty cell (m = 0, outside the geometry) left alone; for the
// left, right, back and front neighbours, and the bottom and top ones where Nz != 1, the
// neighbour's index clamped at the edge or wrapped where that axis is periodic (PBC bits 1, 2
// and 4), an empty neighbour replaced by the cell itself, the exchange stiffness between the
// two cells' regions from the symmetric lookup table aLUT2d[symidx(r0, r1)], B += w a (m_ - m0)
// with the axis's weight wx, wy or wz; then B / Msat (Msat = Ms_mul Ms_[I], 1 / Msat 0 where
// Msat is 0) added to Bx, By and Bz. Departures: z folded into the rows of the block (the grid's
// z the plane, as mumax3's blocks of one z), PBC an int (uint8_t in mumax3), the uint8_t
// regions travelling in 32-bit words (uint32 on the host) read as bytes through a cast.
// Written from memory. Integer-valued m, stiffness and weights, and Msat in {0, 1, 2}: every
// product and sum exact, with or without FMA contraction. x -> ix, y*z -> iy, grid z -> iz.
#include "common.cuh"

// float3.h
inline __device__ float3 operator+(float3 a, float3 b) {
    return make_float3(a.x + b.x, a.y + b.y, a.z + b.z);
}
inline __device__ void operator+=(float3& a, float3 b) {
    a.x += b.x;
    a.y += b.y;
    a.z += b.z;
}
inline __device__ float3 operator-(float3 a, float3 b) {
    return make_float3(a.x - b.x, a.y - b.y, a.z - b.z);
}
inline __device__ float3 operator*(float s, float3 a) {
    return make_float3(s * a.x, s * a.y, s * a.z);
}
inline __device__ float dot(float3 a, float3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
// is a vector zero?
inline __device__ bool is0(float3 a) { return dot(a, a) == 0.0f; }

// amul.h: mul * arr[i], or mul where arr is NULL
inline __device__ float amul(const float* arr, float mul, int i) {
    return (arr == NULL) ? (mul) : (mul * arr[i]);
}
inline __device__ float inv_Msat(const float* __restrict__ Ms_, float Ms_mul, int i) {
    float ms = amul(Ms_, Ms_mul, i);
    if (ms == 0.0f) {
        return 0.0f;
    } else {
        return 1.0f / ms;
    }
}

// stencil.h
// 3D array indexing
#define idx(ix, iy, iz) ((iz) * Ny * Nx + (iy) * Nx + (ix))
// modulo used for PBC wrap around
#define MOD(n, M) ((((n) % (M)) + (M)) % (M))
// pbc clamps
#define PBCx (PBC & 1)
#define PBCy (PBC & 2)
#define PBCz (PBC & 4)
// clamp or wrap index at boundary, depending on PBC
#define hclampx(ix) (PBCx ? MOD(ix, Nx) : min((ix), Nx - 1))
#define lclampx(ix) (PBCx ? MOD(ix, Nx) : max((ix), 0))
#define hclampy(iy) (PBCy ? MOD(iy, Ny) : min((iy), Ny - 1))
#define lclampy(iy) (PBCy ? MOD(iy, Ny) : max((iy), 0))
#define hclampz(iz) (PBCz ? MOD(iz, Nz) : min((iz), Nz - 1))
#define lclampz(iz) (PBCz ? MOD(iz, Nz) : max((iz), 0))

// index of the symmetric matrix element (i, j) in its packed lower triangle
#define symidx(i, j) (max(i, j) * (max(i, j) + 1) / 2 + min(i, j))

// See exchange.go for more details.
extern "C" __global__ void mumax3_exchange(float* __restrict__ Bx, float* __restrict__ By,
                                           float* __restrict__ Bz,
                                           const float* __restrict__ mx,
                                           const float* __restrict__ my,
                                           const float* __restrict__ mz,
                                           const float* __restrict__ Ms_, float Ms_mul,
                                           const float* __restrict__ aLUT2d,
                                           const unsigned* __restrict__ region_words, float wx,
                                           float wy, float wz, int Nx, int Ny, int Nz,
                                           int PBC) {
    const unsigned char* regions = reinterpret_cast<const unsigned char*>(region_words);

    int ix = ga_col();
    int iy = ga_row();
    int iz = blockIdx.z;

    if (ix >= Nx || iy >= Ny || iz >= Nz) {
        return;
    }

    // central cell
    int I = idx(ix, iy, iz);
    float3 m0 = make_float3(mx[I], my[I], mz[I]);

    if (is0(m0)) {
        return;
    }

    unsigned char r0 = regions[I];
    float3 B = make_float3(0.0, 0.0, 0.0);

    int i_;     // neighbor index
    float3 m_;  // neighbor mag
    float a__;  // inter-cell exchange stiffness

    // left neighbor
    i_ = idx(lclampx(ix - 1), iy, iz);          // clamps or wraps index according to PBC
    m_ = make_float3(mx[i_], my[i_], mz[i_]);  // load m
    m_ = (is0(m_) ? m0 : m_);                  // replace missing non-boundary neighbor
    a__ = aLUT2d[symidx(r0, regions[i_])];
    B += wx * a__ * (m_ - m0);

    // right neighbor
    i_ = idx(hclampx(ix + 1), iy, iz);
    m_ = make_float3(mx[i_], my[i_], mz[i_]);
    m_ = (is0(m_) ? m0 : m_);
    a__ = aLUT2d[symidx(r0, regions[i_])];
    B += wx * a__ * (m_ - m0);

    // back neighbor
    i_ = idx(ix, lclampy(iy - 1), iz);
    m_ = make_float3(mx[i_], my[i_], mz[i_]);
    m_ = (is0(m_) ? m0 : m_);
    a__ = aLUT2d[symidx(r0, regions[i_])];
    B += wy * a__ * (m_ - m0);

    // front neighbor
    i_ = idx(ix, hclampy(iy + 1), iz);
    m_ = make_float3(mx[i_], my[i_], mz[i_]);
    m_ = (is0(m_) ? m0 : m_);
    a__ = aLUT2d[symidx(r0, regions[i_])];
    B += wy * a__ * (m_ - m0);

    // only take vertical derivative for 3D sim
    if (Nz != 1) {
        // bottom neighbor
        i_ = idx(ix, iy, lclampz(iz - 1));
        m_ = make_float3(mx[i_], my[i_], mz[i_]);
        m_ = (is0(m_) ? m0 : m_);
        a__ = aLUT2d[symidx(r0, regions[i_])];
        B += wz * a__ * (m_ - m0);

        // top neighbor
        i_ = idx(ix, iy, hclampz(iz + 1));
        m_ = make_float3(mx[i_], my[i_], mz[i_]);
        m_ = (is0(m_) ? m0 : m_);
        a__ = aLUT2d[symidx(r0, regions[i_])];
        B += wz * a__ * (m_ - m0);
    }

    float invMs = inv_Msat(Ms_, Ms_mul, I);
    Bx[I] += B.x * invMs;
    By[I] += B.y * invMs;
    Bz[I] += B.z * invMs;
}
