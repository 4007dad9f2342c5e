#include "report/report_page.hpp"

#include <cmath>
#include <limits>

#include "report/base64.hpp"
#include "report/distribution.hpp"
#include "report/html_text.hpp"
#include "report/svg_histogram.hpp"

namespace bvhscope::report {
namespace {

constexpr double kNone = std::numeric_limits<double>::quiet_NaN();

constexpr const char* kStyle = R"(
:root{--ink:#1d2430;--soft:#5b6573;--line:#dde2e8;--back:#f6f7f9;--accent:#2f6fb0;--bad:#c0392b;--warn:#b9770e;--info:#5b6573}
*{box-sizing:border-box}
body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Ubuntu,sans-serif;color:var(--ink);background:#fff}
header{padding:20px 28px 12px;border-bottom:1px solid var(--line);background:var(--back)}
h1{margin:0 0 4px;font-size:22px}
h2{font-size:16px;margin:26px 28px 10px}
.meta{color:var(--soft);margin:2px 0}
.meta code{background:#fff;border:1px solid var(--line);border-radius:4px;padding:1px 5px;font-size:12px;word-break:break-all}
.counts{display:flex;flex-wrap:wrap;gap:10px;margin-top:12px}
.count{background:#fff;border:1px solid var(--line);border-radius:8px;padding:8px 14px;min-width:110px}
.count b{display:block;font-size:20px}
.count.bad b{color:var(--bad)}.count.warn b{color:var(--warn)}
.plots{display:flex;flex-wrap:wrap;gap:14px;padding:0 28px}
.plot{border:1px solid var(--line);border-radius:8px;background:#fff}
.plot-title{font-weight:600;font-size:13px;fill:var(--ink)}
.plot-note{font-size:11px;fill:var(--soft)}
.plot-outliers{font-size:11px;fill:var(--bad)}
.bar{fill:#8fb3d9}.bar:hover{fill:var(--accent)}
.axis{stroke:#9aa4b1}.median{stroke:var(--ink);stroke-dasharray:3 3}
.outlier path{fill:var(--bad)}.outlier:hover path{fill:#7b1f16}
.wrap{padding:0 28px 28px;overflow-x:auto}
table{border-collapse:collapse;width:100%;font-variant-numeric:tabular-nums}
th,td{padding:6px 8px;border-bottom:1px solid var(--line);text-align:left;vertical-align:top;white-space:nowrap}
td.num,th.num{text-align:right}
thead th{position:sticky;top:0;background:var(--back);z-index:1;cursor:pointer;user-select:none;font-weight:600}
thead th:hover{color:var(--accent)}
th[aria-sort=ascending]::after{content:" \25B2";font-size:10px}
th[aria-sort=descending]::after{content:" \25BC";font-size:10px}
tbody tr:hover{background:#fafbfc}
tbody tr:target{background:#fff4d6;outline:2px solid #e3b341}
td.file{white-space:normal;min-width:200px;max-width:360px;overflow-wrap:anywhere}
td.preview img{display:block;border-radius:4px;background:#eef1f4}
.error{color:var(--bad);white-space:normal;max-width:520px}
.badge{display:inline-block;border-radius:9px;padding:0 7px;font-size:12px;margin-right:3px;color:#fff}
.badge.error{background:var(--bad)}.badge.warning{background:var(--warn)}.badge.info{background:#8a94a3}
.guess{color:var(--warn);font-weight:700;cursor:help}
details summary{cursor:pointer}
details ul{margin:6px 0 0;padding-left:18px;white-space:normal;min-width:360px;max-width:560px}
details li{margin:2px 0}
li.error b{color:var(--bad)}li.warning b{color:var(--warn)}li.info b{color:var(--info)}
.code{color:var(--soft);font-size:12px}
.joints td.barcell{width:50%}
.jbar{height:10px;background:#8fb3d9;border-radius:2px}
.muted{color:var(--soft)}
)";

constexpr const char* kScript = R"(
(function(){
var table=document.getElementById('files');var body=table.tBodies[0];var head=table.tHead.rows[0];
function value(row,col){var cell=row.cells[col];return cell.hasAttribute('data-v')?cell.getAttribute('data-v'):cell.textContent;}
function sortBy(col,desc){var th=head.cells[col];var numeric=th.getAttribute('data-type')==='num';
var rows=Array.prototype.slice.call(body.rows);
rows.sort(function(a,b){var x=value(a,col),y=value(b,col);
if(numeric){var fx=parseFloat(x),fy=parseFloat(y),nx=isNaN(fx),ny=isNaN(fy);if(nx||ny)return nx-ny;return desc?fy-fx:fx-fy;}
return desc?y.localeCompare(x,undefined,{numeric:true}):x.localeCompare(y,undefined,{numeric:true});});
rows.forEach(function(r){body.appendChild(r);});
for(var i=0;i<head.cells.length;i++)head.cells[i].removeAttribute('aria-sort');
th.setAttribute('aria-sort',desc?'descending':'ascending');}
head.addEventListener('click',function(e){var th=e.target.closest('th');if(!th||!th.getAttribute('data-key'))return;
var desc=th.getAttribute('aria-sort')==='ascending';sortBy(th.cellIndex,desc);
history.replaceState(null,'','#sort='+th.getAttribute('data-key')+(desc?'-desc':''));});
var m=location.hash.match(/^#sort=([a-z_]+?)(-desc)?$/);
if(m){var th=head.querySelector('th[data-key="'+m[1]+'"]');if(th)sortBy(th.cellIndex,!!m[2]);}
function checkImages(){var images=Array.prototype.slice.call(document.images);
var ok=images.filter(function(i){return i.complete&&i.naturalWidth>0;}).length;
document.body.setAttribute('data-images',ok+'/'+images.length);}
if(document.readyState==='complete')checkImages();else window.addEventListener('load',checkImages);
})();
)";

std::string plain_number(double value, int most_decimals) {
  std::string text = decimals(value, most_decimals);
  if (text.find('.') != std::string::npos) {
    while (text.back() == '0') text.pop_back();
    if (text.back() == '.') text.pop_back();
  }
  return text;
}

std::string value_attribute(double value) {
  return std::isfinite(value) ? " data-v=\"" + plain_number(value, 9) + "\"" : " data-v=\"\"";
}

// A numeric cell: the value shown with `count` decimals and `suffix`, sorted by the value itself.
std::string number_cell(double value, int count, const std::string& suffix = "") {
  if (!std::isfinite(value)) return "<td class=\"num\" data-v=\"\"></td>";
  return "<td class=\"num\"" + value_attribute(value) + ">" + decimals(value, count) + suffix + "</td>";
}

double or_none(std::optional<double> value) { return value ? *value : kNone; }
double percent_or_none(std::optional<double> share) { return share ? *share * 100.0 : kNone; }

std::string lint_cell(const FileEntry& file) {
  const double order = static_cast<double>(file.errors) * 1e6 + static_cast<double>(file.warnings) * 1e3 +
                       static_cast<double>(file.infos);
  std::string badges;
  if (file.errors > 0) badges += "<span class=\"badge error\">" + std::to_string(file.errors) + " E</span>";
  if (file.warnings > 0) badges += "<span class=\"badge warning\">" + std::to_string(file.warnings) + " W</span>";
  if (file.infos > 0) badges += "<span class=\"badge info\">" + std::to_string(file.infos) + " I</span>";
  if (file.findings.empty()) return "<td" + value_attribute(order) + "><span class=\"muted\">clean</span></td>";
  std::string cell = "<td" + value_attribute(order) + "><details><summary>" + badges + "</summary><ul>";
  for (const Finding& finding : file.findings) {
    cell += "<li class=\"" + html_escape(finding.severity) + "\"><b>" + html_escape(finding.severity) + "</b> ";
    if (!finding.place.empty()) cell += html_escape(finding.place) + ": ";
    cell += html_escape(finding.message) + " <span class=\"code\">[" + html_escape(finding.code) + "]</span></li>";
  }
  return cell + "</ul></details></td>";
}

struct Column {
  const char* key;
  const char* title;
  bool numeric;
  const char* tip;
};

}  // namespace

std::string report_html(const Page& page) {
  const bool comparing = !page.compare_folder.empty();
  const std::vector<FileEntry>& files = page.files;
  std::size_t failed = 0, with_errors = 0, with_warnings = 0;
  double total_s = 0.0;
  for (const FileEntry& file : files) {
    if (!file.error.empty()) {
      ++failed;
      continue;
    }
    with_errors += file.errors > 0 ? 1 : 0;
    with_warnings += file.warnings > 0 ? 1 : 0;
    total_s += file.duration_s;
  }
  std::string html;
  html.reserve(4096 + files.size() * 2048);
  html +=
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
      "<meta name=\"generator\" content=\"bvhscope " +
      html_escape(page.version) + "\"><title>" + html_escape(page.title) + "</title><style>" + kStyle +
      "</style></head>\n<body>\n<header><h1>" + html_escape(page.title) + "</h1>";
  html += "<p class=\"meta\">Made " + html_escape(page.generated_at) + " by bvhscope " + html_escape(page.version) +
          ": <code>" + html_escape(page.command) + "</code></p>";
  if (comparing)
    html += "<p class=\"meta\">Compared with the files of the same name in <code>" + html_escape(page.compare_folder) +
            "</code> (MPJPE and PA-MPJPE in " + (page.compare_in_metres ? "metres" : "file units") + ")</p>";
  html += "<div class=\"counts\">";
  const auto count_box = [&](std::size_t value, const std::string& label, const char* tone) {
    html += std::string("<div class=\"count") + (value > 0 ? tone : "") + "\"><b>" + std::to_string(value) + "</b>" +
            label + "</div>";
  };
  count_box(files.size(), files.size() == 1 ? "file" : "files", "");
  count_box(failed, "failed to read", " bad");
  count_box(with_errors, "with lint errors", " bad");
  count_box(with_warnings, "with warnings", " warn");
  html += "<div class=\"count\"><b>" + plain_number(total_s / 60.0, 1) + "</b>minutes of motion</div></div></header>\n";

  // Distributions: each a histogram whose outliers link to their rows.
  std::vector<std::string> ids, names;
  for (std::size_t i = 0; i < files.size(); ++i) {
    ids.push_back("f" + std::to_string(i));
    names.push_back(files[i].name);
  }
  struct Plot {
    HistogramText text;
    std::vector<double> values;
  };
  std::vector<Plot> plots(comparing ? 10 : 8);
  plots[0].text = {"Duration", "s", 2};
  plots[1].text = {"Height", "m", 2};
  plots[2].text = {"Frame rate", "fps", 1};
  plots[3].text = {"Foot skating", "m/s", 3};
  plots[4].text = {"Jitter", "m/s\xC2\xB3", 0};
  plots[5].text = {"Foot contact", "% of frames", 0};
  plots[6].text = {"Bone-length drift", "%", 2};
  plots[7].text = {"Floating", "% of frames", 0};
  if (comparing) {
    const std::string unit = page.compare_in_metres ? "m" : "units";
    plots[8].text = {"MPJPE", unit, 3};
    plots[9].text = {"PA-MPJPE", unit, 3};
  }
  for (const FileEntry& file : files) {
    const bool read = file.error.empty();
    plots[0].values.push_back(read ? file.duration_s : kNone);
    plots[1].values.push_back(read ? or_none(file.height_m) : kNone);
    plots[2].values.push_back(read ? file.fps : kNone);
    plots[3].values.push_back(or_none(file.skating_mps));
    plots[4].values.push_back(or_none(file.jitter_mps3));
    plots[5].values.push_back(percent_or_none(file.contact_share));
    plots[6].values.push_back(percent_or_none(file.bone_drift));
    plots[7].values.push_back(percent_or_none(file.floating_share));
    if (comparing) {
      plots[8].values.push_back(or_none(file.mpjpe));
      plots[9].values.push_back(or_none(file.pa_mpjpe));
    }
  }
  html +=
      "<h2>Distributions <span class=\"muted\" style=\"font-weight:400;font-size:13px\">(skating: foot speed in "
      "contact; jitter: mean jerk; dashed: the median; "
      "red marks: outliers beyond 1.5 interquartile ranges, each linked to its row)</span></h2>\n<div "
      "class=\"plots\">";
  for (const Plot& plot : plots) html += svg_histogram(describe(plot.values, 24), plot.values, ids, names, plot.text);
  html += "</div>\n";

  // The table.
  std::vector<Column> columns = {
      {"", "Preview", false, "poses spread over the motion, the oldest faintest"},
      {"file", "File", false, ""},
      {"frames", "Frames", true, ""},
      {"duration", "Duration", true, "seconds"},
      {"fps", "FPS", true, "frames per second used for playback"},
      {"joints", "Joints", true, "joints without End Sites"},
      {"up", "Up", false, "the up axis (? : a guess to check, see lint)"},
      {"height", "Height", true, "the figure's height in metres, by the unit guess"},
      {"unit", "Unit", false, "the unit guess"},
      {"mode", "Positions", false, "the position mode (? : a guess to check, see lint)"},
      {"lint", "Lint", true, "findings by severity: errors, warnings, infos (click to list)"},
      {"skating", "Skating m/s", true, "mean horizontal foot speed in contact with the floor"},
      {"contact", "Contact %", true, "frames with a foot on the floor"},
      {"jitter", "Jitter m/s\xC2\xB3", true, "mean jerk over every joint"},
      {"drift", "Drift %", true, "largest bone-length change"},
  };
  if (comparing) {
    columns.push_back({"mpjpe", "MPJPE", true, "mean joint distance to its partner"});
    columns.push_back({"pa_mpjpe", "PA-MPJPE", true, "after the best similarity per frame"});
  }
  html +=
      "<h2>Files <span class=\"muted\" style=\"font-weight:400;font-size:13px\">(click a heading to sort)</span>"
      "</h2>\n<div class=\"wrap\"><table id=\"files\"><thead><tr>";
  for (const Column& column : columns) {
    html += std::string("<th") + (column.numeric ? " class=\"num\" data-type=\"num\"" : " data-type=\"text\"");
    if (*column.key != '\0') html += std::string(" data-key=\"") + column.key + "\"";
    if (*column.tip != '\0') html += std::string(" title=\"") + html_escape(column.tip) + "\"";
    html += std::string(">") + html_escape(column.title) + "</th>";
  }
  html += "</tr></thead><tbody>\n";
  for (std::size_t i = 0; i < files.size(); ++i) {
    const FileEntry& file = files[i];
    html += "<tr id=\"" + ids[i] + "\"" + (file.error.empty() ? "" : " class=\"failed\"") + ">";
    if (!file.preview_png.empty()) {
      html += "<td class=\"preview\"><img alt=\"" + html_escape(file.name) + "\" width=\"" +
              std::to_string(file.preview_width / 2) + "\" height=\"" + std::to_string(file.preview_height / 2) +
              "\" src=\"data:image/png;base64," + base64(file.preview_png) + "\"></td>";
    } else {
      html += "<td class=\"preview\"></td>";
    }
    html += "<td class=\"file\" data-v=\"" + html_escape(file.name) + "\" title=\"" + html_escape(file.path) + "\">" +
            html_escape(file.name);
    if (!file.error.empty()) html += "<div class=\"error\">" + html_escape(file.error) + "</div>";
    if (!file.partner.empty() && !file.compare_error.empty())
      html += "<div class=\"error\">against " + html_escape(file.partner) + ": " + html_escape(file.compare_error) +
              "</div>";
    html += "</td>";
    if (!file.error.empty()) {
      for (std::size_t c = 2; c < columns.size(); ++c)
        html += std::string("<td") + (columns[c].numeric ? " class=\"num\" data-v=\"\"" : "") + "></td>";
      html += "</tr>\n";
      continue;
    }
    const std::string guess =
        file.weak_guess ? " <span class=\"guess\" title=\"a guess to check: see lint\">?</span>" : "";
    html += number_cell(static_cast<double>(file.frames), 0);
    html += number_cell(file.duration_s, 2);
    html += "<td class=\"num\"" + value_attribute(file.fps) + ">" + plain_number(file.fps, 3) + "</td>";
    html += number_cell(file.joints, 0);
    html += "<td>" + html_escape(file.up_axis) + guess + "</td>";
    if (file.height_m) {
      html += number_cell(*file.height_m, 2, " m");
    } else {
      html += "<td class=\"num\" data-v=\"\">" + decimals(file.height_units, 1) + " u</td>";
    }
    html += "<td>" + html_escape(file.unit) + "</td>";
    html += "<td>" + html_escape(file.position_mode) + guess + "</td>";
    html += lint_cell(file);
    html += number_cell(or_none(file.skating_mps), 3);
    html += number_cell(percent_or_none(file.contact_share), 1);
    html += number_cell(or_none(file.jitter_mps3), 0);
    html += number_cell(percent_or_none(file.bone_drift), 2);
    if (comparing) {
      html += number_cell(or_none(file.mpjpe), 4);
      html += number_cell(or_none(file.pa_mpjpe), 4);
    }
    html += "</tr>\n";
  }
  html += "</tbody></table></div>\n";

  if (comparing) {
    html += "<h2>Per joint, against " + html_escape(page.compare_folder) +
            " <span class=\"muted\" style=\"font-weight:400;font-size:13px\">(each joint's mean error over the pairs "
            "that have it)</span></h2>\n<div class=\"wrap\"><table class=\"joints\"><thead><tr><th>Joint</th><th "
            "class=\"num\">Mean</th><th class=\"num\">Pairs</th><th></th></tr></thead><tbody>";
    double largest = 0.0;
    for (const JointError& joint : page.joint_errors) largest = std::max(largest, joint.mean);
    for (const JointError& joint : page.joint_errors) {
      const double share = largest > 0.0 ? joint.mean / largest * 100.0 : 0.0;
      html += "<tr><td>" + html_escape(joint.name) + "</td><td class=\"num\">" + decimals(joint.mean, 4) +
              (page.compare_in_metres ? " m" : "") + "</td><td class=\"num\">" + std::to_string(joint.pairs) +
              "</td><td class=\"barcell\"><div class=\"jbar\" style=\"width:" + decimals(share, 1) +
              "%\"></div></td></tr>";
    }
    html += "</tbody></table>";
    if (!page.unpaired.empty()) {
      html += "<p class=\"muted\">Without a partner: ";
      for (std::size_t i = 0; i < page.unpaired.size(); ++i)
        html += (i > 0 ? ", " : "") + html_escape(page.unpaired[i]);
      html += "</p>";
    }
    html += "</div>\n";
  }
  html += "<script>" + std::string(kScript) + "</script>\n</body></html>\n";
  return html;
}

}  // namespace bvhscope::report
