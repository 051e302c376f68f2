"""The Discord layer: the only code that imports discord.

``app`` builds the bot, ``tables_cog`` holds the slash commands, ``buttons`` the
restart-proof buttons, ``handlers`` what a click does, ``announcer`` and ``panels`` the
public messages and the private hands, ``render`` turns tables and events into text.
"""
