"""Heads-up Show Hand solved as far as two cores allow (docs/bots.md, "Show Hand by
the solver"): an abstraction of the game (:mod:`.abstraction`: each round's hand as a
bucket of its equity, chance as a chain over both players' buckets; :mod:`.tree`: the
betting in shares of the pot and the showhand), solved by Discounted CFR with an exact
best response (:mod:`.solver`), trained by ``stud train show-hand``
(:mod:`.training`), shipped as a policy a deck (:mod:`.policy`) and played by
:class:`~studpoker.bots.show_hand_cfr.player.SolverPlayer` (``solver`` by name)."""
