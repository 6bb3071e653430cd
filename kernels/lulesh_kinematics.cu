// The element kinematics of LULESH's Lagrangian hydrodynamics step, LULESH 2.0's
// CalcKinematicsForElems loop (LLNL's proxy app, lulesh.cc; the first half of the CUDA
// port's CalcKinematicsAndMonotonicQGradient_kernel), one hexahedral element per thread
// (blind check set 41: written after calibration, never fitted on). As in LULESH: the
// element's 8 node indices from nodelist (8 consecutive Index_t per element), its nodes' x, y
// and z gathered; volume = CalcElemVolume (the three TRIPLE_PRODUCTs of the edge differences,
// times 1 / 12); relativeVolume = volume / volo, vnew = relativeVolume, delv = relativeVolume
// - v; arealg = CalcElemCharacteristicLength (4 volume / sqrt of the largest of the six
// faces' AreaFace); the nodes' xd, yd and zd gathered, the coordinates moved back half a step
// (x -= 0.5 deltaTime xd), CalcElemShapeFunctionDerivatives (the Jacobian's columns fjxxi ..
// fjzze, its cofactors, the shape-function derivatives B[3][8] and detJ) and
// CalcElemVelocityGradient (d[0..2] = inv_detJ sum over the four node pairs of B times the
// velocity differences, the shear terms too), dxx, dyy and dzz stored. double, int indices.
// Departures: the Domain object's accessors plain arrays (nodelist 8 ints an element, node
// and element arrays of doubles); the OpenMP loop over the elements one thread per element,
// the launch rounded up to any block; numElem an argument. Written from memory.
// Integer coordinates and velocities with deltaTime 0.25 keep every sum and product exact,
// so only the divisions and the square root round, as in NumPy: exact. 1-D: the block is
// linearized.
#include "common.cuh"

typedef double Real_t;
typedef int Index_t;

__device__ __forceinline__ Real_t CalcElemVolume(
    const Real_t x0, const Real_t x1, const Real_t x2, const Real_t x3, const Real_t x4,
    const Real_t x5, const Real_t x6, const Real_t x7, const Real_t y0, const Real_t y1,
    const Real_t y2, const Real_t y3, const Real_t y4, const Real_t y5, const Real_t y6,
    const Real_t y7, const Real_t z0, const Real_t z1, const Real_t z2, const Real_t z3,
    const Real_t z4, const Real_t z5, const Real_t z6, const Real_t z7) {
    Real_t twelveth = Real_t(1.0) / Real_t(12.0);

    Real_t dx61 = x6 - x1;
    Real_t dy61 = y6 - y1;
    Real_t dz61 = z6 - z1;

    Real_t dx70 = x7 - x0;
    Real_t dy70 = y7 - y0;
    Real_t dz70 = z7 - z0;

    Real_t dx63 = x6 - x3;
    Real_t dy63 = y6 - y3;
    Real_t dz63 = z6 - z3;

    Real_t dx20 = x2 - x0;
    Real_t dy20 = y2 - y0;
    Real_t dz20 = z2 - z0;

    Real_t dx50 = x5 - x0;
    Real_t dy50 = y5 - y0;
    Real_t dz50 = z5 - z0;

    Real_t dx64 = x6 - x4;
    Real_t dy64 = y6 - y4;
    Real_t dz64 = z6 - z4;

    Real_t dx31 = x3 - x1;
    Real_t dy31 = y3 - y1;
    Real_t dz31 = z3 - z1;

    Real_t dx72 = x7 - x2;
    Real_t dy72 = y7 - y2;
    Real_t dz72 = z7 - z2;

    Real_t dx43 = x4 - x3;
    Real_t dy43 = y4 - y3;
    Real_t dz43 = z4 - z3;

    Real_t dx57 = x5 - x7;
    Real_t dy57 = y5 - y7;
    Real_t dz57 = z5 - z7;

    Real_t dx14 = x1 - x4;
    Real_t dy14 = y1 - y4;
    Real_t dz14 = z1 - z4;

    Real_t dx25 = x2 - x5;
    Real_t dy25 = y2 - y5;
    Real_t dz25 = z2 - z5;

#define TRIPLE_PRODUCT(x1, y1, z1, x2, y2, z2, x3, y3, z3) \
    ((x1) * ((y2) * (z3) - (z2) * (y3)) + (x2) * ((z1) * (y3) - (y1) * (z3)) +  \
     (x3) * ((y1) * (z2) - (z1) * (y2)))

    Real_t volume = TRIPLE_PRODUCT(dx31 + dx72, dx63, dx20, dy31 + dy72, dy63, dy20,
                                   dz31 + dz72, dz63, dz20) +
                    TRIPLE_PRODUCT(dx43 + dx57, dx64, dx70, dy43 + dy57, dy64, dy70,
                                   dz43 + dz57, dz64, dz70) +
                    TRIPLE_PRODUCT(dx14 + dx25, dx61, dx50, dy14 + dy25, dy61, dy50,
                                   dz14 + dz25, dz61, dz50);

#undef TRIPLE_PRODUCT

    volume *= twelveth;

    return volume;
}

__device__ __forceinline__ Real_t CalcElemVolume(const Real_t x[8], const Real_t y[8],
                                                 const Real_t z[8]) {
    return CalcElemVolume(x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7], y[0], y[1], y[2],
                          y[3], y[4], y[5], y[6], y[7], z[0], z[1], z[2], z[3], z[4], z[5],
                          z[6], z[7]);
}

__device__ __forceinline__ Real_t AreaFace(const Real_t x0, const Real_t x1, const Real_t x2,
                                           const Real_t x3, const Real_t y0, const Real_t y1,
                                           const Real_t y2, const Real_t y3, const Real_t z0,
                                           const Real_t z1, const Real_t z2, const Real_t z3) {
    Real_t fx = (x2 - x0) - (x3 - x1);
    Real_t fy = (y2 - y0) - (y3 - y1);
    Real_t fz = (z2 - z0) - (z3 - z1);
    Real_t gx = (x2 - x0) + (x3 - x1);
    Real_t gy = (y2 - y0) + (y3 - y1);
    Real_t gz = (z2 - z0) + (z3 - z1);
    Real_t area = (fx * fx + fy * fy + fz * fz) * (gx * gx + gy * gy + gz * gz) -
                  (fx * gx + fy * gy + fz * gz) * (fx * gx + fy * gy + fz * gz);
    return area;
}

__device__ __forceinline__ Real_t CalcElemCharacteristicLength(const Real_t x[8],
                                                               const Real_t y[8],
                                                               const Real_t z[8],
                                                               const Real_t volume) {
    Real_t a, charLength = Real_t(0.0);

    a = AreaFace(x[0], x[1], x[2], x[3], y[0], y[1], y[2], y[3], z[0], z[1], z[2], z[3]);
    charLength = max(a, charLength);

    a = AreaFace(x[4], x[5], x[6], x[7], y[4], y[5], y[6], y[7], z[4], z[5], z[6], z[7]);
    charLength = max(a, charLength);

    a = AreaFace(x[0], x[1], x[5], x[4], y[0], y[1], y[5], y[4], z[0], z[1], z[5], z[4]);
    charLength = max(a, charLength);

    a = AreaFace(x[1], x[2], x[6], x[5], y[1], y[2], y[6], y[5], z[1], z[2], z[6], z[5]);
    charLength = max(a, charLength);

    a = AreaFace(x[2], x[3], x[7], x[6], y[2], y[3], y[7], y[6], z[2], z[3], z[7], z[6]);
    charLength = max(a, charLength);

    a = AreaFace(x[3], x[0], x[4], x[7], y[3], y[0], y[4], y[7], z[3], z[0], z[4], z[7]);
    charLength = max(a, charLength);

    charLength = Real_t(4.0) * volume / sqrt(charLength);

    return charLength;
}

__device__ __forceinline__ void CalcElemShapeFunctionDerivatives(Real_t const x[],
                                                                 Real_t const y[],
                                                                 Real_t const z[],
                                                                 Real_t b[][8],
                                                                 Real_t* const volume) {
    const Real_t x0 = x[0];
    const Real_t x1 = x[1];
    const Real_t x2 = x[2];
    const Real_t x3 = x[3];
    const Real_t x4 = x[4];
    const Real_t x5 = x[5];
    const Real_t x6 = x[6];
    const Real_t x7 = x[7];

    const Real_t y0 = y[0];
    const Real_t y1 = y[1];
    const Real_t y2 = y[2];
    const Real_t y3 = y[3];
    const Real_t y4 = y[4];
    const Real_t y5 = y[5];
    const Real_t y6 = y[6];
    const Real_t y7 = y[7];

    const Real_t z0 = z[0];
    const Real_t z1 = z[1];
    const Real_t z2 = z[2];
    const Real_t z3 = z[3];
    const Real_t z4 = z[4];
    const Real_t z5 = z[5];
    const Real_t z6 = z[6];
    const Real_t z7 = z[7];

    Real_t fjxxi, fjxet, fjxze;
    Real_t fjyxi, fjyet, fjyze;
    Real_t fjzxi, fjzet, fjzze;
    Real_t cjxxi, cjxet, cjxze;
    Real_t cjyxi, cjyet, cjyze;
    Real_t cjzxi, cjzet, cjzze;

    fjxxi = Real_t(.125) * ((x6 - x0) + (x5 - x3) - (x7 - x1) - (x4 - x2));
    fjxet = Real_t(.125) * ((x6 - x0) - (x5 - x3) + (x7 - x1) - (x4 - x2));
    fjxze = Real_t(.125) * ((x6 - x0) + (x5 - x3) + (x7 - x1) + (x4 - x2));

    fjyxi = Real_t(.125) * ((y6 - y0) + (y5 - y3) - (y7 - y1) - (y4 - y2));
    fjyet = Real_t(.125) * ((y6 - y0) - (y5 - y3) + (y7 - y1) - (y4 - y2));
    fjyze = Real_t(.125) * ((y6 - y0) + (y5 - y3) + (y7 - y1) + (y4 - y2));

    fjzxi = Real_t(.125) * ((z6 - z0) + (z5 - z3) - (z7 - z1) - (z4 - z2));
    fjzet = Real_t(.125) * ((z6 - z0) - (z5 - z3) + (z7 - z1) - (z4 - z2));
    fjzze = Real_t(.125) * ((z6 - z0) + (z5 - z3) + (z7 - z1) + (z4 - z2));

    /* compute cofactors */
    cjxxi = (fjyet * fjzze) - (fjzet * fjyze);
    cjxet = -(fjyxi * fjzze) + (fjzxi * fjyze);
    cjxze = (fjyxi * fjzet) - (fjzxi * fjyet);

    cjyxi = -(fjxet * fjzze) + (fjzet * fjxze);
    cjyet = (fjxxi * fjzze) - (fjzxi * fjxze);
    cjyze = -(fjxxi * fjzet) + (fjzxi * fjxet);

    cjzxi = (fjxet * fjyze) - (fjyet * fjxze);
    cjzet = -(fjxxi * fjyze) + (fjyxi * fjxze);
    cjzze = (fjxxi * fjyet) - (fjyxi * fjxet);

    /* calculate partials :
         this need only be done for l = 0,1,2,3   since , by symmetry ,
         (6,7,4,5) = - (0,1,2,3) .
    */
    b[0][0] = -cjxxi - cjxet - cjxze;
    b[0][1] = cjxxi - cjxet - cjxze;
    b[0][2] = cjxxi + cjxet - cjxze;
    b[0][3] = -cjxxi + cjxet - cjxze;
    b[0][4] = -b[0][2];
    b[0][5] = -b[0][3];
    b[0][6] = -b[0][0];
    b[0][7] = -b[0][1];

    b[1][0] = -cjyxi - cjyet - cjyze;
    b[1][1] = cjyxi - cjyet - cjyze;
    b[1][2] = cjyxi + cjyet - cjyze;
    b[1][3] = -cjyxi + cjyet - cjyze;
    b[1][4] = -b[1][2];
    b[1][5] = -b[1][3];
    b[1][6] = -b[1][0];
    b[1][7] = -b[1][1];

    b[2][0] = -cjzxi - cjzet - cjzze;
    b[2][1] = cjzxi - cjzet - cjzze;
    b[2][2] = cjzxi + cjzet - cjzze;
    b[2][3] = -cjzxi + cjzet - cjzze;
    b[2][4] = -b[2][2];
    b[2][5] = -b[2][3];
    b[2][6] = -b[2][0];
    b[2][7] = -b[2][1];

    /* calculate jacobian determinant (volume) */
    *volume = Real_t(8.) * (fjxet * cjxet + fjyet * cjyet + fjzet * cjzet);
}

__device__ __forceinline__ void CalcElemVelocityGradient(const Real_t* const xvel,
                                                         const Real_t* const yvel,
                                                         const Real_t* const zvel,
                                                         const Real_t b[][8],
                                                         const Real_t detJ, Real_t* const d) {
    const Real_t inv_detJ = Real_t(1.0) / detJ;
    Real_t dyddx, dxddy, dzddx, dxddz, dzddy, dyddz;
    const Real_t* const pfx = b[0];
    const Real_t* const pfy = b[1];
    const Real_t* const pfz = b[2];

    d[0] = inv_detJ * (pfx[0] * (xvel[0] - xvel[6]) + pfx[1] * (xvel[1] - xvel[7]) +
                       pfx[2] * (xvel[2] - xvel[4]) + pfx[3] * (xvel[3] - xvel[5]));

    d[1] = inv_detJ * (pfy[0] * (yvel[0] - yvel[6]) + pfy[1] * (yvel[1] - yvel[7]) +
                       pfy[2] * (yvel[2] - yvel[4]) + pfy[3] * (yvel[3] - yvel[5]));

    d[2] = inv_detJ * (pfz[0] * (zvel[0] - zvel[6]) + pfz[1] * (zvel[1] - zvel[7]) +
                       pfz[2] * (zvel[2] - zvel[4]) + pfz[3] * (zvel[3] - zvel[5]));

    dyddx = inv_detJ * (pfx[0] * (yvel[0] - yvel[6]) + pfx[1] * (yvel[1] - yvel[7]) +
                        pfx[2] * (yvel[2] - yvel[4]) + pfx[3] * (yvel[3] - yvel[5]));

    dxddy = inv_detJ * (pfy[0] * (xvel[0] - xvel[6]) + pfy[1] * (xvel[1] - xvel[7]) +
                        pfy[2] * (xvel[2] - xvel[4]) + pfy[3] * (xvel[3] - xvel[5]));

    dzddx = inv_detJ * (pfx[0] * (zvel[0] - zvel[6]) + pfx[1] * (zvel[1] - zvel[7]) +
                        pfx[2] * (zvel[2] - zvel[4]) + pfx[3] * (zvel[3] - zvel[5]));

    dxddz = inv_detJ * (pfz[0] * (xvel[0] - xvel[6]) + pfz[1] * (xvel[1] - xvel[7]) +
                        pfz[2] * (xvel[2] - xvel[4]) + pfz[3] * (xvel[3] - xvel[5]));

    dzddy = inv_detJ * (pfy[0] * (zvel[0] - zvel[6]) + pfy[1] * (zvel[1] - zvel[7]) +
                        pfy[2] * (zvel[2] - zvel[4]) + pfy[3] * (zvel[3] - zvel[5]));

    dyddz = inv_detJ * (pfz[0] * (yvel[0] - yvel[6]) + pfz[1] * (yvel[1] - yvel[7]) +
                        pfz[2] * (yvel[2] - yvel[4]) + pfz[3] * (yvel[3] - yvel[5]));
    d[5] = Real_t(.5) * (dxddy + dyddx);
    d[4] = Real_t(.5) * (dxddz + dzddx);
    d[3] = Real_t(.5) * (dzddy + dyddz);
}

__device__ __forceinline__ void CollectDomainNodesToElemNodes(
    const double* __restrict__ x, const double* __restrict__ y, const double* __restrict__ z,
    const Index_t* elemToNode, Real_t elemX[8], Real_t elemY[8], Real_t elemZ[8]) {
    Index_t nd0i = elemToNode[0];
    Index_t nd1i = elemToNode[1];
    Index_t nd2i = elemToNode[2];
    Index_t nd3i = elemToNode[3];
    Index_t nd4i = elemToNode[4];
    Index_t nd5i = elemToNode[5];
    Index_t nd6i = elemToNode[6];
    Index_t nd7i = elemToNode[7];

    elemX[0] = x[nd0i];
    elemX[1] = x[nd1i];
    elemX[2] = x[nd2i];
    elemX[3] = x[nd3i];
    elemX[4] = x[nd4i];
    elemX[5] = x[nd5i];
    elemX[6] = x[nd6i];
    elemX[7] = x[nd7i];

    elemY[0] = y[nd0i];
    elemY[1] = y[nd1i];
    elemY[2] = y[nd2i];
    elemY[3] = y[nd3i];
    elemY[4] = y[nd4i];
    elemY[5] = y[nd5i];
    elemY[6] = y[nd6i];
    elemY[7] = y[nd7i];

    elemZ[0] = z[nd0i];
    elemZ[1] = z[nd1i];
    elemZ[2] = z[nd2i];
    elemZ[3] = z[nd3i];
    elemZ[4] = z[nd4i];
    elemZ[5] = z[nd5i];
    elemZ[6] = z[nd6i];
    elemZ[7] = z[nd7i];
}

extern "C" __global__ void lulesh_kinematics(
    int numElem, double deltaTime, const int* __restrict__ nodelist,
    const double* __restrict__ x, const double* __restrict__ y, const double* __restrict__ z,
    const double* __restrict__ xd, const double* __restrict__ yd,
    const double* __restrict__ zd, const double* __restrict__ volo,
    const double* __restrict__ v, double* __restrict__ vnew, double* __restrict__ delv,
    double* __restrict__ arealg, double* __restrict__ dxx, double* __restrict__ dyy,
    double* __restrict__ dzz) {
    const long long k = ga_linear();
    if (k >= numElem) return;

    Real_t B[3][8]; /** shape function derivatives */
    Real_t D[6];
    Real_t x_local[8];
    Real_t y_local[8];
    Real_t z_local[8];
    Real_t xd_local[8];
    Real_t yd_local[8];
    Real_t zd_local[8];
    Real_t detJ = Real_t(0.0);

    Real_t volume;
    Real_t relativeVolume;
    const Index_t* const elemToNode = &nodelist[8 * k];

    // get nodal coordinates from global arrays and copy into local arrays.
    CollectDomainNodesToElemNodes(x, y, z, elemToNode, x_local, y_local, z_local);

    // volume calculations
    volume = CalcElemVolume(x_local, y_local, z_local);
    relativeVolume = volume / volo[k];
    vnew[k] = relativeVolume;
    delv[k] = relativeVolume - v[k];

    // set characteristic length
    arealg[k] = CalcElemCharacteristicLength(x_local, y_local, z_local, volume);

    // get nodal velocities from global array and copy into local arrays.
    for (Index_t lnode = 0; lnode < 8; ++lnode) {
        Index_t gnode = elemToNode[lnode];
        xd_local[lnode] = xd[gnode];
        yd_local[lnode] = yd[gnode];
        zd_local[lnode] = zd[gnode];
    }

    Real_t dt2 = Real_t(0.5) * deltaTime;
    for (Index_t j = 0; j < 8; ++j) {
        x_local[j] -= dt2 * xd_local[j];
        y_local[j] -= dt2 * yd_local[j];
        z_local[j] -= dt2 * zd_local[j];
    }

    CalcElemShapeFunctionDerivatives(x_local, y_local, z_local, B, &detJ);

    CalcElemVelocityGradient(xd_local, yd_local, zd_local, B, detJ, D);

    // put velocity gradient quantities into their global arrays.
    dxx[k] = D[0];
    dyy[k] = D[1];
    dzz[k] = D[2];
}
