"""The out-of-sample record: each blind set's first scoring, read from its README.

Later rounds change the rules and so the pooled blind figures; the first scoring of a set
(rules frozen before it was recorded) is what its README recorded then, and the validation
page leads with it.
"""

from __future__ import annotations

import pytest

from gpuadvisor.validation import BLIND_SETS, ONE_GPU_SETS, first_scorings


@pytest.fixture(scope="module")
def firsts():
    return first_scorings()


def test_every_blind_set_has_a_first_scoring_on_both_gpus(firsts) -> None:
    """Both GPUs, except a set recorded when no H200 came (blind21, blind23): it has its one
    GPU's rows and none of the other's."""
    for folder, _ in BLIND_SETS:
        for gpu in ("h100", "h200"):
            mine = [f for f in firsts if f.folder == folder and f.gpu == gpu]
            wanted = ONE_GPU_SETS.get(folder, gpu) == gpu
            assert bool(mine) == wanted, (folder, gpu)


def test_a_miss_is_what_the_readme_marked_not_a_rounded_regret(firsts) -> None:
    """blind14's canny_nms on the H200 was recorded as 1.030 ✗ (1.0302 before rounding): a
    miss, although 1.030 would pass a <= 1.03 test on the rounded text."""
    (canny,) = [f for f in firsts if f.folder == "blind14" and f.gpu == "h200"
                and f.kernel == "canny_nms"]
    assert canny.regret == 1.030 and not canny.within


#: Sets of other than six kernels (blind41: its sixth, PolyBench's GEMM, was taken out;
#: blind86: its helper wrote two of the six asked for in the time; blind88: four; blind90: four
#: written, three recorded first (cumo_index_compose's recording faulted; it was recorded later,
#: with set 93, and scored with the same rules); blind91: two; blind93: three; blind95: five,
#: the session's device time left recording five; blind96 to blind106: six each; blind107: five,
#: its helper dropped two 2-D ports whose projects were already taken; blind108: four, its
#: helper found no two more 1-D kernels in time; blind109: three, its fourth, PolyBench/GPU's
#: FDTD-2D step, taken out before recording (PolyBench/GPU is the project's outside check);
#: blind110: six; blind111: five, its helper found no third 2-D kernel in time; blind112: three,
#: its helper finished two 2-D and one 1-D of six in time; blind114: five; blind115, blind116
#: and blind117: four, as their briefs asked; blind118: three of four, its helper found no
#: second 1-D kernel in time; blind119: two of three 2-D kernels, its helper could not name
#: the third's source in time; blind120, blind121 and blind122: four, as their briefs asked).
SET_SIZES = {"blind41": 5, "blind86": 2, "blind88": 4, "blind90": 4, "blind91": 2,
             "blind93": 3, "blind95": 5, "blind107": 5, "blind108": 4, "blind109": 3,
             "blind111": 5, "blind112": 3, "blind114": 5, "blind115": 4,
             "blind116": 4, "blind117": 4, "blind118": 3,
             "blind119": 2, "blind120": 4, "blind121": 4, "blind122": 4}


@pytest.mark.parametrize("folder,h100,h200", [
    ("blind14", 3, 2), ("blind15", 5, 5), ("blind16", 5, 4), ("blind17", 2, 3),
    ("blind18", 4, 4), ("blind19", 5, 5), ("blind20", 3, 3),
    ("blind21", 0, None), ("blind22", 3, 5), ("blind23", 2, None),
    ("blind24", 2, 4), ("blind25", 3, 3), ("blind26", 4, 3),
    ("blind27", 4, None), ("blind28", 3, 3), ("blind29", None, 3), ("blind30", None, 1),
    ("blind31", None, 3), ("blind32", None, 3), ("blind33", None, 3),
    ("blind34", None, 3), ("blind35", None, 2), ("blind36", None, 4),
    ("blind37", None, 3), ("blind38", None, 2), ("blind39", None, 4), ("blind40", None, 4),
    ("blind41", None, 2), ("blind42", None, 4),
    ("blind43", None, 3), ("blind44", None, 4), ("blind45", None, 3),
    ("blind46", None, 4), ("blind47", None, 1),
    ("blind48", None, 4),
    ("blind49", None, 3),
    ("blind50", None, 4),
    ("blind51", None, 1),
    ("blind52", None, 2),
    ("blind53", None, 4),
    ("blind54", None, 1),
    ("blind55", None, 2),
    ("blind56", None, 3),
    ("blind57", None, 3),
    ("blind58", None, 1),
    ("blind59", None, 4),
    ("blind60", None, 3),
    ("blind61", None, 3),
    ("blind62", None, 3),
    ("blind63", None, 3),
    ("blind64", None, 4),
    ("blind65", None, 5),
    ("blind66", None, 4),
    ("blind67", None, 5),
    ("blind68", None, 2),
    ("blind69", None, 2),
    ("blind70", None, 2),
    ("blind71", None, 3),
    ("blind72", None, 4),
    ("blind73", None, 6),
    ("blind74", None, 4),
    ("blind75", None, 3),
    ("blind76", None, 5),
    ("blind77", None, 3),
    ("blind78", None, 3),
    ("blind79", None, 3),
    ("blind80", None, 3),
    ("blind81", None, 2),
    ("blind82", None, 2),
    ("blind83", None, 3),
    ("blind84", None, 5),
    ("blind85", None, 4),
    ("blind86", None, 1),
    ("blind87", None, 4),
    ("blind88", None, 2),
    ("blind89", None, 4),
    ("blind90", None, 1),
    ("blind91", None, 2),
    ("blind92", None, 6),
    ("blind93", None, 1),
    ("blind94", None, 3),
    ("blind95", None, 3),
    ("blind96", None, 4),
    ("blind97", None, 5),
    ("blind98", None, 4),
    ("blind99", None, 3),
    ("blind100", None, 5),
    ("blind101", None, 4),
    ("blind102", None, 2),
    ("blind103", None, 1),
    ("blind104", None, 3),
    ("blind105", None, 2),
    ("blind106", None, 4),
    ("blind107", None, 3),
    ("blind108", None, 2),
    ("blind109", None, 2),
    ("blind110", None, 3),
    ("blind111", None, 2),
    ("blind112", None, 3),
    ("blind113", None, 4),
    ("blind114", None, 3),
    ("blind115", None, 2),
    ("blind116", None, 3),
    ("blind117", None, 2),
    ("blind118", None, 3),
    ("blind119", None, 1),
    ("blind120", None, 1),
    ("blind121", None, 3),
    ("blind122", None, 3)])
def test_recent_sets_as_their_readmes_state(firsts, folder, h100, h200) -> None:
    kernels = SET_SIZES.get(folder, 6)
    for gpu, want in (("h100", h100), ("h200", h200)):
        mine = [f for f in firsts if f.folder == folder and f.gpu == gpu]
        if want is None:
            assert not mine
            continue
        assert len(mine) == kernels and sum(f.within for f in mine) == want


def test_the_validation_page_leads_with_the_first_scorings() -> None:
    from gpuadvisor.paths import project_root

    page = (project_root() / "docs" / "validation.md").read_text(encoding="utf-8")
    first = page.index("### Out of sample: each blind set's first scoring")
    assert first < page.index("### Blind check sets")
    # (283 of 505, defaults 254, before sets 90 and 91; 286 of 510, defaults 256, before set
    # 90's cumo_index_compose and sets 92, 93 and 94; 296 of 526, defaults 265, before set 95;
    # 299 of 531, defaults 267, before sets 96, 97 and 98; 312 of 549, defaults 278, before
    # sets 99, 100 and 101; 324 of 567, defaults 290, before sets 102, 103 and 104; 330 of
    # 585, defaults 294, before sets 105, 106 and 107; 339 of 602, defaults 302, before sets
    # 108, 109 and 110; 346 of 615, defaults 306, before set 111; 348 of 620, defaults 307,
    # before set 112; 351 of 623, defaults 309, before set 113; 355 of 629, defaults 312,
    # before set 114; 358 of 634, defaults 315, before set 115; 360 of 638, defaults 318, before
    # set 116; 363 of 642, defaults 321, before set 117; 365 of 646, defaults 322, before set
    # 118; 368 of 649, defaults 323, before set 119; 369 of 651, defaults 323, before sets
    # 120, 121 and 122)
    assert "| **all sets** | | **98 of 164** | **376 of 663** | 93 of 164 | 330 of 663 |" in page


def _result(folder: str, kernel: str, default: float) -> object:
    from gpuadvisor.validation import Result

    return Result(fixture=f"fixtures/hopper/{folder}/h200/{kernel}.csv", kernel=kernel,
                  arch="sm_90", gpu="H200", access="-", access_source="-", configs=10, timed=10,
                  pick="-", pick_time=None, best="-", best_time=1.0, regret=None, defaults={},
                  default_time=default)


def test_first_scoring_gain_pools_and_says_how_it_is_spread() -> None:
    """Default 5x with the pick at the best (4 of 4 captured), 1.5x with the pick at 1.25x
    (half), 1.25x with the pick at 1.5x (-1), 1.005x (no gain to capture: left out)."""
    from gpuadvisor.validation import FirstScoring, first_scoring_gain

    cases = [("a", 5.0, 1.0), ("b", 1.5, 1.25), ("c", 1.25, 1.5), ("d", 1.005, 1.0)]
    firsts = [FirstScoring("blindX", "h200", k, pick, pick <= 1.03) for k, _, pick in cases]
    by_key = {("blindX", "h200", k): _result("blindX", k, d) for k, d, _ in cases}
    gain = first_scoring_gain(firsts, by_key, top=1)
    assert gain is not None and gain.kernels == 3
    assert gain.pooled == pytest.approx((4.0 + 0.25 - 0.25) / (4.0 + 0.5 + 0.25))
    assert gain.top_kernels == ["a"] and gain.pooled_rest == pytest.approx(0.0)
    assert gain.median == pytest.approx(0.5)
    assert (gain.better, gain.half, gain.worse) == (2, 2, 1)
    assert first_scoring_gain(firsts[3:], by_key) is None  # nothing to capture


def test_the_page_states_the_out_of_sample_gain_and_its_spread() -> None:
    from gpuadvisor.paths import project_root

    page = (project_root() / "docs" / "validation.md").read_text(encoding="utf-8")
    assert ("- H100: 51% of the available gain over 112 kernels; without the 5 kernels with "
            "the most to gain (shoc_stencil2d, rot90_rgb8, gauss_fan2, blackbody_xyz, "
            "add_xrows) -6%. Per kernel: median 2%; the pick is faster than the default on 68 "
            "(half of the gain or more on 38) and slower on 44.") in page
    assert "- H200: 41% of the available gain over 497 kernels" in page  # 47% over 362 before
    # sets 87, 88 and 89; 46% over 374 before sets 90 and 91; 46% over 378 before set 90's
    # cumo_index_compose and sets 92, 93 and 94; 47% over 389 before set 95; 47% over 392
    # before sets 96, 97 and 98; 46% over 404 before sets 99, 100 and 101; 46% over 418 before
    # sets 102, 103 and 104 (set 103's punica_bgmv_expand, its default 32x8 16.06x kept, and set
    # 104's quack_a_d_at now among the five with the most to gain); 39% over 436 before sets
    # 105, 106 and 107; 38% over 448 before sets 108, 109 and 110; 39% over 459 before set 111;
    # 40% over 464 before set 112 (its supra_tgc the one kernel more: cudadebayer_bayer_to_rgb's
    # and svoct_subdc_pad's defaults are within 1 % of their best, left out); 40% over 465
    # before set 113 (four of its kernels more: worder_lower_data's and ckmers_encode's
    # defaults are within 1 % of their best, left out); 40% over 469 before set 114 (four of
    # its kernels more: csyntch_pcm_stereo16's default is its best, left out); 40% over 487
    # before sets 120, 121 and 122 (ten of their twelve kernels more: openbr_cuda_lbp's and
    # stensor_leaky_relu_bwd's defaults are within 1 % of their best, left out;
    # fabidotplot_matrix, its default 32x8 7.75x, now among the five with the most to gain)
    assert ("(punica_bgmv_expand, shoc_stencil2d, rsc_qc_dense, fabidotplot_matrix, "
            "cutlass_ref_gemm) 36%") in page


def test_one_shape_for_every_kernel_is_the_baseline_beside_the_picks() -> None:
    from gpuadvisor.paths import project_root
    from gpuadvisor.validation import Result, best_constant_shape

    def kernel(name: str, regrets: dict[str, float]) -> Result:
        return Result(fixture=f"fixtures/hopper/x/h200/{name}.csv", kernel=name, arch="sm_90",
                      gpu="H200", access="reuse", access_source="-", configs=3, timed=3,
                      pick="-", pick_time=None, best="-", best_time=1.0, regret=None,
                      defaults={}, kernel_class="2-D blocks", shape_regrets=regrets)

    group = [kernel("a", {"64x4": 1.0, "32x8": 1.02}), kernel("b", {"64x4": 1.05, "32x8": 1.0}),
             kernel("c", {"32x8": 1.01, "128x1": 1.0})]  # c never measured 64x4: a miss there
    assert best_constant_shape(group) == ("32x8", 3)
    # a tie in the count goes to the lower geometric mean of the regrets (1.005 against 1.015)
    tied = [kernel("a", {"64x4": 1.0, "32x8": 1.03}), kernel("b", {"64x4": 1.01, "32x8": 1.0})]
    assert best_constant_shape(tied) == ("64x4", 2)
    assert best_constant_shape([]) == ("-", 0)
    page = (project_root() / "docs" / "validation.md").read_text(encoding="utf-8")
    # (round 54 saw four 1-D kernels: 115 of 181 (pick 136) before; round 55 a 2-D one: 114;
    # sets 83 and 84 added eight 1-D and four 2-D kernels: 114 of 177 (pick 135) -> 119 of 185
    # (141), 42 of 113 (50) -> 42 of 117 (52); sets 85 and 86 added five 1-D and three 2-D
    # kernels: 119 of 185 (pick 141) -> 122 of 190 (145), 42 of 117 (52) -> 43 of 120 (53);
    # round 56 saw fourteen 1-D kernels and five 2-D ones: 118 of 176 (133), and for the 2-D
    # kernels 128x1 on 41 of 115 (51), where 64x4 had led; sets 87, 88 and 89 added eight 1-D
    # and three 2-D kernels (and five in the two shared-memory classes): 118 of 176 (pick 133)
    # -> 125 of 186 (140), 41 of 115 (51) -> 45 of 121 (54); sets 90 and 91 added two 1-D and
    # three 2-D kernels (and one 2-D with shared memory): 125 of 186 (pick 140) -> 127 of 188
    # (142), 45 of 121 (54) -> 45 of 124 (55); set 90's cumo_index_compose and sets 92, 93 and
    # 94 added nine 1-D kernels (two with shared memory) and seven 2-D ones: 127 of 188 (pick
    # 142) -> 131 of 197 (147), and for the 2-D kernels 64x4 leads again, on 48 of 131 (the
    # picks 60), where 128x1 had 45 of 124 (55); set 95 added two 1-D kernels and three 2-D
    # ones (one with shared memory): 131 of 197 (pick 147) -> 132 of 199 (148), and for the
    # 2-D kernels 64x2 leads, on 50 of 134 (the picks 62), where 64x4 had 48 of 131 (60);
    # sets 96, 97 and 98 added eleven 1-D kernels (three with shared memory) and seven 2-D
    # ones (four with shared memory): 132 of 199 (pick 148) -> 139 of 210 (157), and for the
    # 2-D kernels 64x4 leads again, on 52 of 141 (the picks 66), where 64x2 had 50 of 134 (62);
    # sets 99, 100 and 101 added ten 1-D kernels (two with shared memory) and eight 2-D ones
    # (three with shared memory): 139 of 210 (pick 157) -> 148 of 220 (166), 52 of 141 (66) ->
    # 56 of 149 (69); sets 102, 103 and 104 added ten 1-D kernels (two with shared memory) and
    # eight 2-D ones (two with shared memory): 148 of 220 (pick 166) -> 150 of 230 (170), 56 of
    # 149 (69) -> 59 of 157 (71); sets 105, 106 and 107 added ten 1-D kernels (two with shared
    # memory) and seven 2-D ones (four with shared memory): 150 of 230 (pick 170) -> 157 of 240
    # (178), 59 of 157 (71) -> 61 of 164 (72); sets 108, 109 and 110 added six 1-D kernels (one
    # with shared memory) and seven 2-D ones (three with shared memory): 157 of 240 (pick 178)
    # -> 159 of 246 (183), 61 of 164 (72) -> 62 of 171 (74); set 111 added three 1-D kernels
    # (none with shared memory) and two 2-D ones (one with shared memory): 159 of 246 (pick
    # 183) -> 160 of 249 (184), 62 of 171 (74) -> 62 of 173 (75); set 112 added one 1-D kernel
    # and two 2-D ones (none with shared memory): 160 of 249 (pick 184) -> 161 of 250 (185), 62
    # of 173 (75) -> 64 of 175 (77); set 113 added three 1-D kernels and three 2-D ones (none
    # with shared memory): 161 of 250 (pick 185) -> 164 of 253 (188), 64 of 175 (77) -> 65 of
    # 178 (78); set 114 added three 1-D kernels and two 2-D ones (none with shared memory):
    # 164 of 253 (pick 188) -> 166 of 256 (190), 65 of 178 (78) -> 66 of 180 (79); set 115
    # added two 1-D kernels and two 2-D ones (none with shared memory): 166 of 256 (pick 190)
    # -> 167 of 258 (190), 66 of 180 (79) -> 68 of 182 (81); set 116 added two 1-D kernels and
    # two 2-D ones (none with shared memory): 167 of 258 (pick 190) -> 169 of 260 (192), 68 of
    # 182 (81) -> 70 of 184 (82); set 117 added two 1-D kernels and two 2-D ones (none with
    # shared memory): 169 of 260 (pick 192) -> 170 of 262 (193), 70 of 184 (82) -> 71 of 186
    # (83); set 118 added one 1-D kernel and two 2-D ones (none with shared memory): 170 of 262
    # (pick 193) -> 170 of 263 (194), 71 of 186 (83) -> 72 of 188 (85); set 119 added two 2-D
    # kernels (none with shared memory): 72 of 188 (85) -> 73 of 190 (86); sets 120, 121 and
    # 122 added six 1-D kernels (one with shared memory) and six 2-D ones (one with shared
    # memory): 170 of 263 (194) -> 174 of 269 (198), 73 of 190 (86) -> 76 of 196 (89); round
    # 57's tried variants moved 24 still-blind kernels to the seen pool, 2-D all but none of
    # the 1-D: 76 of 196 (89) -> 62 of 172 (76))
    assert ("1-D H200: 256x1 on 174 of 269 (the rules' pick on 198); 2-D H200: 64x4 on 62 of "
            "172 (the rules' pick on 76)") in page


def test_the_picks_are_scored_against_the_ported_projects_own_launch() -> None:
    """Project shape 1.5x with the pick at the best (gain 0.5 of 0.5), 1.0x with the pick at
    1.2x (-0.2 of 0), 1.02x with the pick at 1.0x (0.02 of 0.02); a kernel with no host_block
    and one whose sweep never timed its project's shape are left out."""
    from gpuadvisor.paths import project_root
    from gpuadvisor.validation import Result, host_lines

    def kernel(name: str, pick: float, regrets: dict[str, float]) -> Result:
        return Result(fixture=f"fixtures/hopper/x/h200/{name}.csv", kernel=name, arch="sm_90",
                      gpu="H200", access="-", access_source="-", configs=3, timed=3,
                      pick="32x8", pick_time=pick, best="-", best_time=1.0, regret=pick,
                      defaults={}, default_time=regrets["32x8"], shape_regrets=regrets,
                      live_pick="32x8", live_regret=pick)

    group = [kernel("a", 1.0, {"8x8": 1.5, "32x8": 1.0}),
             kernel("b", 1.2, {"16x16": 1.0, "32x8": 1.2}),
             kernel("c", 1.0, {"32x4": 1.02, "32x8": 1.0}),
             kernel("d", 1.0, {"32x8": 1.0}),  # its project's 64x4 never timed
             kernel("e", 2.0, {"32x8": 2.0})]  # no host_block
    hosts = {"a": "8x8", "b": "16x16", "c": "32x4", "d": "64x4"}
    (line,) = host_lines(group, hosts)
    assert ("H200, 3 tables: the project's shape within 3 % on 2 (the usual default on 2, the "
            "pick on 2); the pick faster than the project's shape by more than 3 % on 1, slower "
            "by more than 3 % on 1 (geometric mean of pick / project 0.922, worst 1.20); pooled "
            "gain over the project's shape 62%; from the profile alone faster by more than 3 % "
            "on 1 and slower on 1 of 3.") in line
    assert host_lines(group[4:], hosts) == []
    page = (project_root() / "docs" / "validation.md").read_text(encoding="utf-8")
    # (243 tables, the project's shape within 3 % on 93, the usual default on 122, the pick on
    # 145, faster on 106 and slower on 30, before sets 99, 100 and 101; 261 tables, 100, 134,
    # 157, 113 and 34 before sets 102, 103 and 104, whose punica_bgmv_expand's 3-D host block
    # the sweep did not time: 17 tables more; 278 tables, 104, 138, 163, 121 and 38 before sets
    # 105, 106 and 107: 17 tables more; 295 tables, 110, 146, 172, 129 and 40 before sets 108,
    # 109 and 110, whose stnls_gather_tensor's 156x4 and wd_reset_done_3d's 320x1 the sweeps
    # did not time: 11 tables more; 306 tables, 115, 150, 178, 132 and 42 before set 111,
    # whose seticore_upchan_shift's 3-D 1x64x2 the sweep did not time: 4 tables more; 310
    # tables, 116, 151, 179, 134 and 43 before set 112: 3 tables more; 313 tables, 118, 153,
    # 182, 135 and 43 before set 113: 6 tables more; 319 tables, 120, 156, 186, 139 and 43
    # before set 114: 5 tables more; 324 tables, 123, 159, 189, 141 and 45 before set 115: 4
    # tables more; 328 tables, 124, 162, 191, 143 and 45 before set 116: 4 tables more; 332
    # tables, 125, 165, 194, 144 and 45 before set 117: 4 tables more; 336 tables, 125, 166,
    # 196, 146 and 46 before set 118: 3 tables more; 339 tables, 125, 167, 199, 149 and 46
    # before set 119: 2 tables more; 341 tables, 125, 167, 200, 151 and 46 before sets 120,
    # 121 and 122: 11 tables more, ocv_needle_map_vertex's host 16x1 not timed; 352 tables,
    # 129, 174, 207, 158 and 46 before round 57's tried variants moved 24 kernels, 20 of these
    # tables, to the seen pool)
    assert ("H200, 332 tables: the project's shape within 3 % on 124 (the usual default on 162, "
            "the pick on 195); the pick faster than the project's shape by more than 3 % on "
            "146, slower by more than 3 % on 45") in page


def test_the_pick_from_the_profile_at_the_projects_own_launch() -> None:
    """Set 99's jrclust_cuda_rho, profiled at JRCLUST's own 128 threads (1.15x its best, 256x1)
    as well as at 256x1: from the 128x1 row alone the rules keep 128x1 (its first scoring's
    column), from the 256x1 row 256x1; a shape never profiled gives nothing."""
    from gpuadvisor.paths import fixtures_dir
    from gpuadvisor.sweep import read_sweep
    from gpuadvisor.validation import pick_from_profile_at

    df = read_sweep(fixtures_dir() / "hopper" / "blind99" / "h200" / "jrclust_cuda_rho.csv")[0]
    label, regret = pick_from_profile_at(df, (128, 1, 1))["jrclust_cuda_rho"]
    assert label == "128x1" and round(regret, 3) == 1.151
    label, regret = pick_from_profile_at(df, (256, 1, 1))["jrclust_cuda_rho"]
    assert label == "256x1" and regret == 1.0
    assert pick_from_profile_at(df, (64, 1, 1)) == {}
