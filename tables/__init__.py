"""Hosting a game, without Discord: tables, seats, turns, clocks, bots and the store.

The one entry point is :class:`tables.service.TableService`; see its module docstring.
"""
