"""Simulation at scale: bots against bots over many hands, on every core or on a
Ray cluster (:func:`simulate`), with results per 100 hands and their 95%
intervals (:class:`SimResult`) and a chart of the winnings (:func:`write_chart`).
``stud sim`` is its command line."""

from studpoker.sim.chart import write_chart
from studpoker.sim.results import PlayerResult, SimResult, unit_of
from studpoker.sim.simulation import BLOCK, simulate

__all__ = ["BLOCK", "PlayerResult", "SimResult", "simulate", "unit_of", "write_chart"]
