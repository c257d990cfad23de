"""What each rune adds to a cast, worked out once, and the packed integers that hold a cast's counts (000/rune-probability).

A pool's generating polynomial ``prod(x**face0 + x**face1)`` (000/reading-the-runes) is
multiplied out in Python integers used as packed coefficient vectors: one fixed-width slot of
:func:`slot_bytes` bytes per exponent, read back by :func:`unpack`. :func:`rune_terms` turns a
rune into the numbers the convolution of :mod:`calladventure.rules._distribution` needs (its
lower success value, the shift of its higher face for each slot width, each effect's range
over its faces) once per rune, kept in :data:`TERMS` by the rune (bounded).

Effects are in the order of :data:`calladventure.rules._distribution.EFFECTS`: Hero,
Antihero and either-deck draws, Experience, Corruption (000/core-runes, 000/dark-runes,
000/ability-runes).
"""

from __future__ import annotations

import sys
from array import array
from typing import NamedTuple

from ..values._runes import Draw, Face, Rune

# ----------------------------------------------------------------------------- packed integers

_CODES: dict[int, str] = {}
for _code in "BHILQ":
    _CODES.setdefault(array(_code).itemsize, _code)
_SWAP = sys.byteorder != "little"
#: The slot widths, in bytes, that :func:`unpack` reads as machine integers.
SIZES = (1, 2, 4, 8)


def slot_bytes(n: int) -> int:
    """Bytes per coefficient slot: a count is at most ``2**n``, so it needs ``n + 1`` bits."""
    need = (n + 8) // 8
    for size in SIZES:
        if need <= size and size in _CODES:
            return size
    return need


#: Slot bytes by pool size, for the sizes casts have (larger pools compute it).
SLOT: tuple[int, ...] = tuple(slot_bytes(n) for n in range(64))


def unpack(poly: int, slots: int, size: int) -> tuple[int, ...]:
    """The ``slots`` coefficients packed in ``poly``, ``size`` bytes each, lowest first."""
    raw = poly.to_bytes(slots * size, "little")
    if size == 1:
        return tuple(raw)
    code = _CODES.get(size)
    if code is None:
        return tuple(int.from_bytes(raw[i : i + size], "little") for i in range(0, len(raw), size))
    out = array(code)
    out.frombytes(raw)
    if _SWAP:
        out.byteswap()
    return tuple(out)


def _vector(face: Face) -> tuple[int, int, int, int, int]:
    """A face's effects as (Hero, Antihero, choice draws, Experience, Corruption) (000/core-runes)."""
    draw = face.draw
    return (
        int(draw == Draw.HERO),
        int(draw == Draw.ANTIHERO),
        int(draw == Draw.CHOICE),
        face.xp,
        face.corruption,
    )


# ----------------------------------------------------------------------------- per-rune terms


class RuneTerms(NamedTuple):
    """What one rune adds to a cast, worked out once (000/reading-the-runes).

    ``packed`` holds, as one integer of eleven biased 64-bit fields, its lower success value,
    each effect's lower value and each effect's span (:func:`unpack_ranges`), so a pool's
    minimum and effect ranges are one sum; ``shift8`` … ``shift64`` are the packed-slot shift of
    its higher face for slots of 1, 2, 4 and 8 bytes (``RuneTerms[2 + k]`` for ``SIZES[k]``).
    ``varying`` lists the effects whose value differs between its faces, as ``(effect index,
    face-0 success offset, face-0 effect offset, face-1 success offset, face-1 effect offset)``;
    ``by_effect[d]`` is that entry for effect ``d`` (None if it does not vary on this rune).
    """

    rune: Rune
    packed: int
    shift8: int
    shift16: int
    shift32: int
    shift64: int
    low: int
    span: int
    effect_low: tuple[int, int, int, int, int]
    effect_span: tuple[int, int, int, int, int]
    varying: tuple[tuple[int, int, int, int, int], ...]
    by_effect: tuple[tuple[int, int, int, int, int] | None, ...]


#: The terms of each rune met so far, by the rune (a Rune caches its hash; read it with ``.get``;
#: :func:`rune_terms` fills it, bounded).
TERMS: dict[Rune, RuneTerms] = {}
#: Each packed field holds value + ``PACKED_BIAS``: sums of up to 2**23 runes of values below 2**40.
PACKED_BIAS = 1 << 40
#: The mask of one packed field (64 bits).
PACKED_FIELD = (1 << 64) - 1
#: For each pool size ``n`` below 64, the constants of the pass over ``n`` runes, looked up once
#: per cast: the index in :class:`RuneTerms` of the shift for its slot width (``2 + SIZES.index``),
#: the slot's bytes and bits, and ``n * PACKED_BIAS`` (the bias of a sum of ``n`` packed fields).
PASS_PLAN: tuple[tuple[int, int, int, int], ...] = tuple(
    (2 + SIZES.index(size), size, 8 * size, n * PACKED_BIAS) for n, size in enumerate(SLOT)
)


def unpack_ranges(total: int, runes: int) -> tuple[tuple[int, int], ...]:
    """Each effect's (lowest value, span) from the sum of ``runes`` runes' ``packed`` fields."""
    bias = runes * PACKED_BIAS
    values = [((total >> (64 * i)) & PACKED_FIELD) - bias for i in range(1, 11)]
    return tuple(zip(values[:5], values[5:], strict=True))


_TERMS_MAX = 4096


def rune_terms(rune: Rune) -> RuneTerms:
    """The terms of a rune, kept by the rune (:data:`TERMS`)."""
    terms = TERMS.get(rune)
    if terms is not None:
        return terms
    f0, f1 = rune.faces
    s0, s1 = f0.successes, f1.successes
    lo = min(s0, s1)
    a, b = _vector(f0), _vector(f1)
    e_low = tuple(min(x, y) for x, y in zip(a, b, strict=True))
    e_span = tuple(abs(x - y) for x, y in zip(a, b, strict=True))
    varying = tuple(
        (d, s0 - lo, a[d] - e_low[d], s1 - lo, b[d] - e_low[d]) for d in range(5) if a[d] != b[d]
    )  # 5 effects
    span = abs(s0 - s1)
    fields = (lo, *e_low, *e_span)
    terms = RuneTerms(
        rune,
        sum((v + PACKED_BIAS) << (64 * i) for i, v in enumerate(fields)),
        span * 8,
        span * 16,
        span * 32,
        span * 64,
        lo,
        span,
        e_low,  # type: ignore[arg-type]
        e_span,  # type: ignore[arg-type]
        varying,
        tuple(next((v for v in varying if v[0] == d), None) for d in range(5)),
    )
    if max(map(abs, fields)) >= PACKED_BIAS:
        raise ValueError(f"rune {rune.id}: face values must be below {PACKED_BIAS}")
    if len(TERMS) >= _TERMS_MAX:
        TERMS.clear()
    TERMS[rune] = terms
    return terms


__all__ = [
    "PACKED_BIAS",
    "PACKED_FIELD",
    "PASS_PLAN",
    "SIZES",
    "SLOT",
    "TERMS",
    "RuneTerms",
    "rune_terms",
    "slot_bytes",
    "unpack",
    "unpack_ranges",
]
