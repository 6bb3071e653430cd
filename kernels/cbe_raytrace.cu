// Orthographic ray casting of a scene of spheres, the ray tracer of "CUDA by Example"
// (Sanders and Kandrot, chapter 6: ray.cu, the spheres in constant memory), one pixel per
// thread (blind check set 37: written after calibration, never fitted on). As in the book: the
// ray through pixel (x, y) starts at ox = x - DIM/2, oy = y - DIM/2 and looks down z; for each
// sphere Sphere::hit tests dx^2 + dy^2 < radius^2, and on a hit gives dz = sqrtf(radius^2 - dx^2
// - dy^2), the shade n = dz / sqrtf(radius^2) and the depth dz + z (-INF on a miss); the
// nearest hit so far (t > maxz) sets the colour to the sphere's (r, g, b) times n; the pixel's
// four bytes (int)(r * 255), (int)(g * 255), (int)(b * 255), 255 stored one byte at a time.
// Departures: the DIM x DIM image (1024 in the book, 16 x 16 blocks) is ROWS x COLS with the
// origin at its centre, any block shape (z folded into the rows) and a bounds test for partial
// blocks, the pixel's offset from the image's width (the book's blockDim.x * gridDim.x assumes
// an exact grid); the __constant__ Sphere s[SPHERES] (r, b, g, radius, x, y, z) becomes three
// global arrays (colours as (r, b, g), centres (x, y, z), radii: the manifest's buffers are one
// value range each), read uniformly by the whole block as constant memory would be; the
// colours 0 or 1 per channel (the book's rnd(1.0f)), whole-number centres and radii, so every
// float operation is exact or one IEEE rounding (sqrtf and / are correctly rounded without
// --use_fast_math); the RGBA bytes land in uint32 words (four a pixel, as the book's uchar*).
// Written from memory of the book's code. x -> column, y*z -> row; one pixel per thread.
#include "common.cuh"

#define INF 2e10f

struct Sphere {
    float r, b, g;
    float radius;
    float x, y, z;
    __device__ float hit(float ox, float oy, float* n) {
        float dx = ox - x;
        float dy = oy - y;
        if (dx * dx + dy * dy < radius * radius) {
            float dz = sqrtf(radius * radius - dx * dx - dy * dy);
            *n = dz / sqrtf(radius * radius);
            return dz + z;
        }
        return -INF;
    }
};

extern "C" __global__ void cbe_raytrace(unsigned* pixels, const float* colour, const float* centre,
                                        const float* radius, int spheres, int rows, int cols) {
    // map from threadIdx/BlockIdx to pixel position
    const int x = threadIdx.x + blockIdx.x * blockDim.x;
    const int y = ga_row();
    if (x >= cols || y >= rows) return;
    const int offset = x + y * cols;
    float ox = (x - cols / 2);
    float oy = (y - rows / 2);

    float r = 0, g = 0, b = 0;
    float maxz = -INF;
    for (int i = 0; i < spheres; i++) {
        Sphere s;
        s.r = colour[3 * i + 0];
        s.b = colour[3 * i + 1];
        s.g = colour[3 * i + 2];
        s.radius = radius[i];
        s.x = centre[3 * i + 0];
        s.y = centre[3 * i + 1];
        s.z = centre[3 * i + 2];
        float n;
        float t = s.hit(ox, oy, &n);
        if (t > maxz) {
            float fscale = n;
            r = s.r * fscale;
            g = s.g * fscale;
            b = s.b * fscale;
            maxz = t;
        }
    }

    unsigned char* ptr = reinterpret_cast<unsigned char*>(pixels);
    ptr[offset * 4 + 0] = (int)(r * 255);
    ptr[offset * 4 + 1] = (int)(g * 255);
    ptr[offset * 4 + 2] = (int)(b * 255);
    ptr[offset * 4 + 3] = 255;
}
