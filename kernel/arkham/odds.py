"""Exact odds of the D6 rolls Arkham Horror (1987) makes: combat, stealth, sanity checks, gate closing.

Every result is an exact fraction: an integer numerator over a power-of-6 denominator (a D6 is 1/6,
k exchanges of attack and damage rolls are over 36^k). `fixed(num, den)` turns one into the
kernel's fixed point round(p * 2^48), rounded half up once; the CLI reports both. Pure integer
maths (Python ints, long ints on MicroPython), no floats, the same on every runtime.

The rules these follow (README "Arkham Horror"):
  - an attack is D6 + bonus against the monster's strength: at least the strength beats it; the
    D6 always counts, the bonus is what the immunities leave (see attack_bonus);
  - a failed attack: the monster strikes back, the investigator loses D6 strength; at 0 strength
    the investigator is knocked out (Hospital in Arkham, lost in an Other World);
  - stealth passes on a D6 at most Stealth; a sanity check passes on a D6 at most the sanity it is
    checked against (current sanity, house rule `sanity_check_max`: the printed maximum), losing a
    on a pass and b on a failure;
  - closing a gate is D6 + every physical and magical bonus (and a bound monster) against its
    closing difficulty, one attempt a round.
"""

from ..errors import KernelError

FIXED_BITS = 48
IMMUNE_PHYSICAL = 1
IMMUNE_MAGICAL = 2


def fixed(num, den):
    """round(num / den * 2^48), half up, with one division (exact: num and den are ints)."""
    if den <= 0 or num < 0:
        raise KernelError("odds", "a probability needs 0 <= num and den > 0")
    return ((num << (FIXED_BITS + 1)) + den) // (den << 1)


def percent100(num, den):
    """The probability in hundredths of a percent, rounded half up (small int for a display)."""
    return (num * 20000 + den) // (den * 2)


def faces_at_most(k):
    """How many D6 faces are at most k (a stealth or sanity check passing on a roll <= k)."""
    if k <= 0:
        return 0
    return 6 if k >= 6 else k


def hit_faces(bonus, target):
    """How many D6 faces f give f + bonus >= target (an attack on a monster, a closing attempt)."""
    need = target - bonus          # the smallest face that succeeds
    if need <= 1:
        return 6
    if need > 6:
        return 0
    return 7 - need


def attack_bonus(fight, physical, magical, immune):
    """The bonus that counts against a monster: Fight and physical weapons unless it is immune to
    physical attacks, magical items and spells unless it is immune to magic."""
    total = 0
    if not immune & IMMUNE_PHYSICAL:
        total += fight + physical
    if not immune & IMMUNE_MAGICAL:
        total += magical
    return total


def _check(name, value, low, high):
    if not (low <= value <= high):
        raise KernelError("odds", "%s must be %d to %d, not %d" % (name, low, high, value))


def stealth(skill):
    """(num, den): a stealth check passes (D6 <= Stealth)."""
    _check("stealth", skill, 0, 99)
    return faces_at_most(skill), 6


def dice_sums(dice):
    """How many of the 6^dice rolls of `dice` D6 give each sum: a list indexed by the sum."""
    counts = [1]
    for _ in range(dice):
        nxt = [0] * (len(counts) + 6)
        for total in range(len(counts)):
            if counts[total]:
                for face in range(1, 7):
                    nxt[total + face] += counts[total]
        counts = nxt
    return counts


def _loss(base, dice, sanity):
    """(rolls that drive mad, sum of the losses capped at sanity) over the 6^dice rolls of a loss
    printed base + dice D6."""
    mad = 0
    total = 0
    sums = dice_sums(dice)
    for extra in range(len(sums)):
        n = sums[extra]
        if n:
            loss = base + extra
            mad += n if loss >= sanity else 0
            total += n * (loss if loss < sanity else sanity)
    return mad, total


def sanity_check(level, pass_loss, fail_loss, sanity, pass_dice=0, fail_dice=0):
    """A sanity check against `level` (what the D6 must not exceed) with SAN pass_loss/fail_loss (each
    plus pass_dice / fail_dice D6 when printed so, e.g. 2/D6+1), by an investigator with `sanity`
    points: (pass, insane, expected loss) numerators over den = 6 * 6^(pass_dice + fail_dice)."""
    _check("sanity check level", level, 0, 99)
    _check("sanity lost on a pass", pass_loss, 0, 99)
    _check("sanity lost on a failure", fail_loss, 0, 99)
    _check("sanity", sanity, 1, 99)
    _check("dice of a loss", pass_dice, 0, 2)
    _check("dice of a loss", fail_dice, 0, 2)
    ok = faces_at_most(level)
    pden = 6 ** pass_dice
    fden = 6 ** fail_dice
    pmad, plost = _loss(pass_loss, pass_dice, sanity)
    fmad, flost = _loss(fail_loss, fail_dice, sanity)
    insane = ok * pmad * fden + (6 - ok) * fmad * pden
    expected = ok * plost * fden + (6 - ok) * flost * pden
    return ok * pden * fden, insane, expected, 6 * pden * fden


def hit_chance(bonus, strength, dice=0):
    """(num, den) of one attack D6 + bonus beating a strength printed strength + dice D6 (rolled at
    each attack): den = 6 * 6^dice."""
    sums = dice_sums(dice)
    hit = 0
    for extra in range(len(sums)):
        if sums[extra]:
            hit += sums[extra] * hit_faces(bonus, strength + extra)
    return hit, 6 ** (dice + 1)


def fight(bonus, strength, stamina, rounds=0, once=False, strength_dice=0):
    """A fight of exchanges: the investigator rolls D6 + bonus against the monster's `strength`
    (plus strength_dice D6 rolled at each attack, printed N+D6); a miss costs D6 strength from
    `stamina`. `rounds` caps the exchanges (0: until one side is beaten, at most `stamina` exchanges
    since each miss costs at least 1); `once`: the monster leaves after hurting once (a Hound of
    Tindalos).

    Returns (win, knocked_out, undecided, strength_lost, den): the first three are numerators of
    probabilities over den = (6 * hden)^k (k the exchanges, hden = 6^(strength_dice + 1): 36^k for a
    plain strength), strength_lost the numerator of the expected strength lost (capped at `stamina`)
    over the same den."""
    _check("bonus", bonus, -20, 99)
    _check("strength", strength, 0, 99)
    _check("stamina", stamina, 1, 30)
    _check("rounds", rounds, 0, 30)
    _check("strength dice", strength_dice, 0, 2)
    k = rounds if rounds else stamina
    hit, hden = hit_chance(bonus, strength, strength_dice)
    # dist[h]: numerator over 36^r of being still in the fight with h strength after r exchanges
    dist = [0] * (stamina + 1)
    dist[stamina] = 1
    win = ko = lost = gone = 0
    den = 1
    step = 6 * hden
    for r in range(k):
        # everything so far moves from denominator step^r to step^(r+1)
        win *= step
        ko *= step
        lost *= step
        gone *= step
        den *= step
        nxt = [0] * (stamina + 1)
        for h in range(1, stamina + 1):
            w = dist[h]
            if not w:
                continue
            win += w * hit * 6
            lost += w * hit * 6 * (stamina - h)
            for d in range(1, 7):
                m = w * (hden - hit)
                left = h - d
                if left <= 0:
                    ko += m
                    lost += m * stamina
                elif once:
                    gone += m
                    lost += m * (stamina - left)
                else:
                    nxt[left] += m
        dist = nxt
    undecided = gone
    for h in range(1, stamina + 1):
        undecided += dist[h]
        lost += dist[h] * (stamina - h)
    return win, ko, undecided, lost, den


def close_gate(bonus, difficulty, attempts=1):
    """(num, den): a gate of `difficulty` is closed within `attempts` rounds (one D6 + bonus each)."""
    _check("bonus", bonus, -20, 99)
    _check("difficulty", difficulty, 0, 99)
    _check("attempts", attempts, 1, 30)
    miss = 6 - hit_faces(bonus, difficulty)
    den = 6 ** attempts
    return den - miss ** attempts, den
