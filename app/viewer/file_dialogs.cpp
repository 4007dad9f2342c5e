#include "viewer/file_dialogs.hpp"

#include <array>
#include <cstdio>

namespace bvhscope::viewer {

void FileDialogs::browse_output(Actions::OutputField field, const DialogState& dialogs) {
  using Field = Actions::OutputField;
  const char* path = field == Field::Video      ? dialogs.video.path.data()
                     : field == Field::SaveBvh  ? dialogs.save_bvh.path.data()
                     : field == Field::Retarget ? dialogs.retarget.path.data()
                                                : dialogs.export_path.data();
  const bool folder = (field == Field::Video && dialogs.video.format == VideoExportFormat::PngFolder) ||
                      (field == Field::Export && dialogs.export_kind == ExportKind::Sequence);
  const char* title = field == Field::Video      ? "Export video"
                      : field == Field::SaveBvh  ? "Save as BVH"
                      : field == Field::Retarget ? "Retarget onto another skeleton"
                                                 : "Export";
  if (save.open_save(title, path, folder)) save_field = field;
}

void FileDialogs::fill_output_field(const std::string& path, DialogState& dialogs) const {
  using Field = Actions::OutputField;
  std::array<char, 4096>& field = save_field == Field::Video      ? dialogs.video.path
                                  : save_field == Field::SaveBvh  ? dialogs.save_bvh.path
                                  : save_field == Field::Retarget ? dialogs.retarget.path
                                                                  : dialogs.export_path;
  // A folder for frames keeps the trailing '/' that tells render it is one.
  const bool video_folder = save_field == Field::Video && dialogs.video.format == VideoExportFormat::PngFolder;
  const std::string text = video_folder && path.back() != '/' ? path + "/" : path;
  std::snprintf(field.data(), field.size(), "%s", text.c_str());
}

void FileDialogs::show_browse(DialogState& dialogs) const {
  const bool can_browse = zenity && !save.is_open();
  for (bool* shown : {&dialogs.browse_shown, &dialogs.video.browse_shown, &dialogs.save_bvh.browse_shown,
                      &dialogs.retarget.browse_shown})
    *shown = zenity;
  for (bool* can :
       {&dialogs.can_browse, &dialogs.video.can_browse, &dialogs.save_bvh.can_browse, &dialogs.retarget.can_browse})
    *can = can_browse;
}

}  // namespace bvhscope::viewer
