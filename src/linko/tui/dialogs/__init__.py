"""The modal dialogs: each shows plain data and dismisses with a choice the table applies."""

from linko.tui.dialogs.confirm_quit import ConfirmQuitDialog
from linko.tui.dialogs.draw import DrawDialog
from linko.tui.dialogs.ghost_choice import GhostChoiceDialog
from linko.tui.dialogs.keys_help import KeysHelpDialog
from linko.tui.dialogs.pick_up_or_discard import PickUpOrDiscardDialog
from linko.tui.dialogs.take_or_decline import TakeOrDeclineDialog

__all__ = [
    "ConfirmQuitDialog",
    "DrawDialog",
    "GhostChoiceDialog",
    "KeysHelpDialog",
    "PickUpOrDiscardDialog",
    "TakeOrDeclineDialog",
]
