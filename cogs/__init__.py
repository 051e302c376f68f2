"""The Discord layer: the only code that imports discord.

``app`` builds the bot; ``tables_cog`` holds the ``/jass`` commands; ``refs`` and
``buttons`` the restart-proof buttons and ``handlers`` what a click does; ``announcer``
(with ``delivery``) keeps each table's public messages and ``panels`` the private hands;
``render``, ``screens``, ``panel_screen`` and ``rules_screen`` turn tables and events
into text and embeds.
"""
