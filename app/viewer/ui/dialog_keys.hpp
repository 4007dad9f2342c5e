// The keys every dialog and popup answers the same way: Enter confirms, Esc cancels, and Esc
// closes the innermost open popup (a menu, a combo's list) before anything behind it.
#pragma once

namespace bvhscope::viewer {

// Inside a modal dialog, after its fields: Esc pressed this frame with nothing open over the
// dialog (a combo's list open over it is closed instead, and false is returned).
bool dialog_cancel_pressed();
// Inside a modal dialog: Enter (or keypad Enter) pressed this frame while no field takes it and
// nothing is open over the dialog (a text field reports its own Enter).
bool dialog_confirm_pressed();
// Outside any window (the viewer's shortcuts): closes the innermost open popup that is not a
// modal dialog; false when there is none.
bool close_innermost_popup();
// Popups open now (menus, combo lists, dialogs), for the state report.
int open_popup_count();

}  // namespace bvhscope::viewer
