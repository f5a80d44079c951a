"""A footer that rebuilds its keys only when the keys it would show have changed.

Textual's Footer removes and remounts every key each time a screen's bindings are refreshed,
which the table does on every resume and after most keys; each remount costs a layout and more
frames. The keys shown depend only on the active bindings, so compare those first: the same keys
with another key greyed out or enabled are updated in place.
"""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

# What a footer key shows besides whether it works: key, display, description, action, group,
# tooltip.
KeyFace = tuple[object, ...]


class SteadyFooter(Footer):
    """A :class:`Footer` that recomposes only when its keys differ, not when they turn on or off."""

    def __init__(self, *, show_command_palette: bool = True) -> None:
        super().__init__(show_command_palette=show_command_palette)
        self._faces: tuple[KeyFace, ...] | None = None
        self._enabled: tuple[bool, ...] = ()

    def _keys(self) -> tuple[tuple[KeyFace, ...], tuple[bool, ...]]:
        """What ``Footer.compose`` reads from the bindings: the keys, and which of them work."""
        app = self.app
        faces: list[KeyFace] = []
        enabled: list[bool] = []
        for _, binding, works, tooltip in self.screen.active_bindings.values():
            if binding.show:
                faces.append(
                    (
                        binding.key,
                        app.get_key_display(binding),
                        binding.description,
                        binding.action,
                        binding.group,
                        tooltip,
                    )
                )
                enabled.append(works)
        return tuple(faces), tuple(enabled)

    def bindings_changed(self, screen: Screen[object]) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            if self._faces is None:
                # The first keys wait for the screen's first frame, as Textual's footer does:
                # by then a screen pushed at once on top (the first hand-off over the table)
                # has covered this one, which then builds no keys until it is back on top.
                self.call_after_refresh(self._update_keys)
            else:
                # Later changes at once rather than after the next frame: the new keys land in
                # the frame that shows the key's effect instead of in two more.
                self.call_next(self._update_keys)

    async def _update_keys(self) -> None:
        # A footer hidden or covered (the table's, under a hand-off or a dialog) builds its keys
        # when its screen is back on top: a resumed screen refreshes its bindings.
        if not self.is_attached or not self.display or not self.screen.is_current:
            return
        faces, enabled = self._keys()
        if faces == self._faces and enabled == self._enabled:
            return
        shown = list(self.query(FooterKey))
        same_keys = faces == self._faces and len(shown) == len(enabled)
        self._faces, self._enabled = faces, enabled
        if not same_keys:
            await self.recompose()
            return
        for key, works in zip(shown, enabled, strict=True):
            if key._disabled == works:  # FooterKey keeps whether it works there
                key._disabled = not works
                key.set_class(not works, "-disabled")
