"""`eldritch serve`: tables of every game over a local web server, one device per seat.

    cli.py       the command: run, list, export, import; the links and QR codes in the terminal
    app.py       the ASGI application (Starlette): the pages, with the API and the WebSocket below
    api.py       the host's API: routes, each body's fields checked, a 400 with one line otherwise
    transport.py the players' WebSocket: join, messages, refusals, the documented close codes
    jsonin.py    a client's JSON bounded in size and nesting before it is parsed
    tables.py    tables, seats and tokens; the one place an action is checked, made durable, applied
    messages.py  what each reader is sent: only its own view, log and (at its turn) decision
    store.py     nothing lost: table files and the group-committed action journal
    limits.py    bounds on tables, connections, message size and rate
    connguard.py bounds on the connections themselves: header timeout, caps, the oldest waiting pushed out
    protocols.py uvicorn's protocols reporting to the guard
    qr.py        the links as QR codes (terminal and SVG)
    static/     the player's and the host's pages: HTML, CSS and a little JavaScript, no build step

Games are made, rendered and shaped only through the game registry (host/games.py) and the shared
front end (host/frontend/: the adapters, the renderers and the decision shapes); nothing here is specific to one game. The
extra `eldritch[serve]` installs what it needs.
"""
