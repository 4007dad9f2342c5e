#include <sstream>
#include <string>

#include "cli/commands.hpp"

#include <ostream>

#include "viewer/shortcuts.hpp"

namespace bvhscope::cli {

void print_help(std::ostream& out) {
  out << R"(bvhscope: a viewer for BVH (Biovision Hierarchy) motion-capture files

Usage:
  bvhscope [--up AXIS] [FILE|FOLDER...] [--compare] [--ghost] [--align none|root|rigid|procrustes]
                 [--error-scale CM] [--source-fps N] [--key NAME] [--skeleton FILE]
                 [--mean M.npy --std S.npy]
                                open the viewer (the bundled sample clip without FILE); a
                                folder opens every motion file in it, in natural order.
                                --source-fps, --key, --skeleton, --mean and --std apply to
                                every file opened (see Files below).
                                --compare: the first file is the reference, every other clip
                                is measured against it as compare does, its joints coloured
                                by their error (scale top: CM, default automatic); --ghost
                                draws them translucent over the reference, aligned by --align
                                (each implies --compare)
  bvhscope info FILE|DIR... [--json] [--position-mode auto|add|replace] [--up AXIS] [--motion K]
                 [--source-fps N] [--jobs N] [--recursive]
                 [--key NAME] [--skeleton FILE] [--mean M.npy --std S.npy]
                                summary (position mode, up axis, size, unit guess, floor,
                                each with its reason), warnings and the joint hierarchy; of
                                several files or a folder, one line each (--help: Many files)
  bvhscope export FILE [-o OUT.csv] [--position-mode auto|add|replace] [--rotations ROT.csv]
                 [--up AXIS] [--no-budget] [--motion K] [--source-fps N]
                 [--key NAME] [--skeleton FILE] [--mean M.npy --std S.npy]
                                world positions of every joint and End Site as CSV
                                (stdout without -o), in the file's coordinates; with --up,
                                turned so that AXIS (auto: the detected one) points up +Y.
                                --rotations also writes each joint's rotation channels in degrees.
                                A FOLDER with -o OUTDIR/ [--jobs N]: a CSV per motion file
                                (OUTDIR/STEM.csv), each said, the rest going on past a failure
  bvhscope convert FILE -o OUT.bvh|OUT.glb|OUT.gltf|OUT.fbx [--frames A:B] [--fps N]
                 [--rotation-order ORDER] [--channels 3]
                 [--units m|cm|mm|in|ft|FACTOR [--from-units UNIT]]
                 [--up AXIS [--from-up AXIS]] [--mirror] [--strip-prefix P]
                 [--rename OLD=NEW]... [--skeleton-names smpl|cmu|mixamo] [--in-place]
                 [--ground] [--unwrap] [--precision N] [--position-mode auto|add|replace]
                 [--body] [--force] [--no-budget] [--motion K] [--source-fps N]
                 [--key NAME] [--skeleton FILE] [--mean M.npy --std S.npy]
  bvhscope convert FOLDER -o OUTDIR/ [--format bvh|glb|gltf|fbx] [--jobs N] [the options above]
                                writes clean BVH (tab-indented HIERARCHY, End Sites, the
                                shortest decimals that read back to the same floats, or N
                                decimals) with the same poses, positions for the Biovision
                                add rule whatever mode the input uses. --frames trims
                                (0-based, inclusive); --fps resamples as the viewer plays
                                (slerp, linear translation) to render's frame count for that
                                rate; --rotation-order re-expresses
                                every joint's rotation (XYZ ... ZYX); --channels 3 folds
                                non-root position channels still within 0.1 % of the
                                figure's height (lint's rule) into OFFSET (refused, naming
                                the joint, when one moves more); --units converts lengths
                                to a unit (from the unit guess, or --from-units, needed when
                                the guess is unknown) or scales
                                them by FACTOR; --up turns the figure so that its up axis
                                (detected, or --from-up) becomes AXIS; --mirror swaps left
                                and right (paired names, and positions across the side
                                plane, never the up axis; unpaired side names warned);
                                --strip-prefix, --rename change names (duplicates refused);
                                --in-place removes the root's horizontal travel; --ground
                                puts the motion's lowest point at height 0; --unwrap makes
                                Euler curves continuous. Written beside OUT and renamed at
                                the end; OUT may not be the input unless --force. Joint
                                positions (.npy) get channels fitted first (bones of mean
                                length, a T-pose at rest, each joint's rotation from its
                                bones); the fit's error and the bones' stretch are printed.
                                --skeleton-names gives SMPL-family joints (pelvis,
                                left_hip...) SMPL's (Pelvis, L_Hip), the CMU database's
                                (Hips, LeftUpLeg, LowerBack) or Mixamo's (Hips, LeftUpLeg,
                                Spine) names, before --rename. OUT.glb or OUT.gltf writes
                                glTF 2.0 (a node per joint), OUT.fbx binary FBX 7.4 (a
                                LimbNode per joint): one animation keyed at every frame, in
                                metres with +Y up (the unit guess and the up axis detection
                                decide; --units and --up override). --body adds to glTF a
                                mesh of capsules around the bones, skinned to them, for
                                viewers that show meshes only
  bvhscope retarget SOURCE --to TARGET -o OUT.bvh|OUT.glb|OUT.gltf|OUT.fbx [--map MAP]
                 [--root scale|keep|none] [--feet plant|free] [--fingers] [--from-up AXIS] [--to-up AXIS]
                 [--frames A:B] [--save-map MAP] [--precision N] [--body] [--force] [--motion K] [--source-fps N]
                 [--key NAME] [--skeleton FILE] [--mean M.npy --std S.npy]
  bvhscope retarget FOLDER --to TARGET -o OUTFOLDER [--format bvh|glb|gltf|fbx] [--jobs N]
                 (and the options above)
                                moves a humanoid motion onto another humanoid skeleton: OUT
                                has TARGET's joints, names, OFFSETs and channels exactly and
                                SOURCE's frames at SOURCE's rate. Each rig's hips, spine,
                                neck, head, arms and legs are found by the tree's shape and
                                the names (CMU, Mixamo, SMPL, Rokoko, Xsens, OptiTrack,
                                Vicon, Unreal, Unity, Rigify, MakeHuman, Bip01...); each
                                target bone then points where its source bone points and
                                turns with it, whatever the rest poses (T or A) and local
                                axes; unmapped joints keep their rest pose. --map MAP gives
                                pairs first (compare's format: source joint,target joint; a
                                name that does not exist is an error); --save-map writes the
                                map used. --root scale moves the root along the source's
                                path scaled by the legs' ratio (default), keep at the same
                                real length, none not at all. Feet the source plants (slow,
                                near its floor) stay planted: the legs reach where its ankles
                                are, scaled as the root (--feet free leaves the legs as the
                                source's directions put them). --fingers maps the hands'
                                joints by name too. A FOLDER retargets every motion file in
                                it (in parallel, --jobs; a failure names its file and the
                                others go on) into OUTFOLDER as NAME.bvh (or --format).
  bvhscope render FILE... -o OUT.png [--frame N] [--size WxH] [--ui] [--style solid|lines]
                 [--position-mode auto|add|replace] [--up AXIS] [--trajectory]
                 [--select NAME] [--labels none|chain|all] [--no-trail]
                 [--compare] [--ghost] [--align none|root|rigid|procrustes] [--error-scale CM]
                 [--motion K] [--source-fps N]
                 [--key NAME] [--skeleton FILE] [--mean M.npy --std S.npy]
                                one frame (0-based, default 0) drawn offscreen as the viewer
                                frames it, to a PNG (default 1280x720); --ui adds the panels.
                                Several FILEs stand side by side (the last is the active one,
                                whose frame N is shown). --select NAME selects a joint of the
                                active clip (highlight, trail; with --ui the inspector, curves
                                and labels). Without a display it renders through EGL.
  bvhscope render FILE... -o OUT.mp4|OUT.webm|OUT.gif|DIR/ [--frames A:B] [--fps N]
                 [--camera fixed|follow|orbit] [--quality preview|normal|best] [--audio WAV]
                 [--force] [--no-budget] (and the options above)
                                a video of the active clip's frames A..B (default all) at N
                                frames per second (0.1 to 1000; default its rate capped at
                                60; resampled by interpolation): H.264 MP4, VP9 WebM, palette
                                GIF through ffmpeg (Debian package ffmpeg), or PNG frames in
                                DIR/. The camera frames the whole motion (fixed), follows
                                the root (follow) or turns once around it (orbit); --audio
                                muxes a sound from frame 0 (MP4, WebM). --quality sets the
                                encoder's effort: preview (x264 ultrafast, CRF 23: about 0.6x
                                the encoder's time, a file about 3x the size), normal (the
                                default: veryfast, CRF 20), best (slow, CRF 18: about 3x the
                                encoder's time, a file about 1.3x the size, closer to what was
                                drawn); WebM likewise; GIF and PNG frames are the same at all
                                three.
                                MP4 and WebM are BT.709 4:2:0, tagged so. Written beside OUT
                                (PNGs in a hidden folder), checked whole, renamed at the end:
                                an interrupted or failed render leaves nothing and keeps the
                                old OUT. A DIR/ holding frames (frame_*.png) is refused unless
                                --force, which replaces them all (other files stay).
                                --grid COLSxROWS [--caption TEXT]...: each FILE in a tile of its
                                own (reading order), framed on its clip and captioned with
                                its file name or the TEXT given; one clock, the video as long
                                as the longest clip (shorter ones hold); --frame counts the
                                longest clip's frames. One FILE holding several motions
                                (MDM's results.npy) fills the grid, captioned by prompt.
                                --strip N (one FILE, a .png): a filmstrip, N poses spread
                                evenly over its frames (--frames A:B), older ones fainter
  bvhscope render FILE... --each -o OUTDIR/ [--format mp4|webm|gif|png|frames] [--jobs N]
                 [the options above]
                                one render per FILE, named after it: OUTDIR/STEM.mp4 (default),
                                .webm, .gif, .png (a still: --frame N, or --strip N thumbnails)
                                or OUTDIR/STEM/ (frames: a PNG sequence); OUTDIR is made when
                                missing. N files at once (default: the cores; $BVHSCOPE_THREADS
                                sets every command's thread count); a file that fails is
                                reported as FILE: error: REASON while the others go on, then
                                "rendered K of M; F failed". Two FILEs with one name
                                (stem) are refused. Exit status 0 when all were rendered, 1
                                when any failed, 2 bad usage (nothing rendered); Ctrl+C or
                                SIGTERM stops every render and leaves no partial file.
  bvhscope thumbnail IN.bvh OUT.png [--size N]
                                a square N x N preview (default 256) of frame 0, as render draws
                                it, for file managers (the installed bvhscope.thumbnailer runs
                                it); only the hierarchy and the first 120 frames are read
  bvhscope metrics FILE|DIR... [--json] [--units m|cm|mm|in|ft|METRES] [--position-mode auto|add|replace]
                 [--up AXIS] [--no-budget] [--motion K] [--source-fps N] [--jobs N] [--recursive]
                 [--key NAME] [--skeleton FILE] [--mean M.npy --std S.npy]
                                motion-quality numbers in metres (see Metrics below); --units
                                overrides the unit guess (METRES: metres per file unit); of
                                several files or a folder, one line each and their means
  bvhscope compare REF OTHER [--json] [--csv FRAMES.csv] [--align none|root|rigid|procrustes] [--frames A:B]
                 [--offset N|auto] [--joints all|body|hands|A,B,...] [--map MAP.csv] [--units m|cm|mm|in|ft|METRES]
                 [--position-mode auto|add|replace] [--up AXIS] [--no-budget] [--motion K]
                 [--source-fps N]
                 [--key NAME] [--skeleton FILE] [--mean M.npy --std S.npy]
                                how far OTHER's joints are from REF's: joints matched by name
                                (exact, then ignoring case and mixamorig:/Bip01 /Character1_/
                                Namespace: prefixes; MAP lines 'ref name,other name' first, a
                                name neither clip has an error; under half matched: a warning);
                                REF frame k against OTHER interpolated at time (k + N) x REF's
                                frame time (N may be fractional), where both have motion (A:B:
                                REF frames, inclusive). MPJPE (mean joint distance), per joint
                                mean/max, worst frame and joint, unmatched joints; in REF's
                                units and metres (OTHER scaled when its unit guess differs;
                                --units: both in that unit). --align none: positions as they
                                are; root: each clip's root subtracted per frame; rigid: root,
                                then per frame OTHER turned about the up axis (REF's or --up) by
                                the least-squares angle atan2(sum (o x r).up, sum o.r) of the
                                centred, flattened joints, centroid onto REF's; procrustes:
                                per frame OTHER turned about any axis, scaled and moved by the
                                least-squares similarity (Horn). PA-MPJPE (that fit's mean error
                                per frame, averaged over frames) is reported whatever --align.
                                --csv writes per frame: frame, mean error, each matched joint's
                                error
                                --offset auto: the offset with the least MPJPE under these
                                options, over the offsets that overlap half of the shorter clip
                                or more (thinned clips first, then whole frames, then 0.01 frame);
                                the JSON's offset_search says the range and the comparisons run.
                                --joints: the matched joints measured: all (the default), body
                                (no End Sites, zero-length joints or fingers: the joints below a
                                hand or wrist, or named as fingers), hands (each hand and the
                                joints below it), or REF's joints named; the JSON's joint_set
                                and left_out say which
  bvhscope compare DIR_A DIR_B [--pair-by name|index] [--jobs N] [--recursive] [--csv PAIRS.csv]
                 [--json] [the options above]
                                every file of DIR_A against its partner in DIR_B: the same name
                                without its extension (walk.bvh ~ walk.npy), or --pair-by index:
                                the same place in natural order. Each pair compared as above,
                                --jobs at a time: a line per pair, the files left unpaired, the
                                mean and median MPJPE and PA-MPJPE (metres when every pair's
                                unit is known), each joint's mean over the pairs that have it,
                                the worst pairs. --json: {"pairs": [each pair's object, or its
                                "error"], "unpaired", "aggregate"}; --csv: a row per pair.
                                Exit 1 when a pair failed (its error above, the rest go on)
  bvhscope lint FILE|DIR... [--json] [--position-mode auto|add|replace] [--up AXIS] [--motion K]
                 [--source-fps N] [--jobs N] [--recursive]
                 [--key NAME] [--skeleton FILE] [--mean M.npy --std S.npy]
                                what is wrong with each file (or worth knowing), one finding
                                a line: FILE:LINE: or FILE: frame F, joint J: then the
                                severity, the message, [code] and a hint naming the convert
                                option that fixes it; repeats grouped (first places, count).
                                See Lint below; --json: one file an array of its object
  bvhscope report DIR|FILE... -o REPORT.html [--compare-to DIR] [--title TEXT] [--no-previews]
                 [--jobs N] [--recursive] [--position-mode auto|add|replace] [--up AXIS]
                 [--align ...] [--joints ...] [--offset N|auto] [--map MAP.csv] [--units ...]
                 [--motion K] [--source-fps N] [--key NAME] [--skeleton FILE] [--mean M.npy --std S.npy]
                                one self-contained HTML page (no network: previews as data: URIs,
                                plots as inline SVG): a sortable table, a row per file with a
                                filmstrip, frames, duration, fps, joints, up axis, height and
                                unit, position mode, lint findings by severity (click to list),
                                skating, contact, jitter and bone drift; distributions of each
                                with their outliers linked to their rows; with --compare-to,
                                each file's MPJPE and PA-MPJPE against the file of the same name
                                there (compare's options apply) and each joint's mean. A file
                                that fails is a row with its located error (exit 1)
  bvhscope --help | --version | COMMAND --help (that command's usage only)

Many files (info, lint, metrics): FILE arguments may be several files and folders; a folder
  stands for the motion files inside it in natural order (walk2 before walk10; --recursive: the
  folders below it too). Files are read --jobs at a time (default: the cores this process may
  use), each printed in the list's order as soon as it is ready, with a progress bar on a
  terminal. A file that fails prints its located error on stderr and the others go on; the exit
  status is 1 when any failed. Text: one line per file and a summary; --json: {"files": [...],
  "count": N, "failed": F} (lint: "errors", "warnings", "infos"), each entry the object the file
  prints alone, a failed file {"file": ..., "error": {"source", "line", "column", "message"}}.

Files: BVH, NumPy .npy joint arrays ((frames, joints, 3) positions; batches of motions;
  HumanML3D/KIT-ML (frames, 263)/(frames, 251) feature vectors; MDM's results.npy) and .npz
  archives of them, glTF (.glb, .gltf: skins and animated nodes, one motion an animation) and FBX
  (binary and ASCII 7.x, read by assimp in a process of its own), each read by its content.
  --motion K picks the motion of a file holding several (0 is the first, the default);
  --source-fps N sets the motions' rate (an array stores none: 20 fps for 22 joints, 12.5 for 21,
  else 30). Every command that reads files also takes:
    --key NAME        the one array of a .npz archive to read (without it: every array of joint
                      positions, each a motion named by its key)
    --skeleton FILE   the joints' names and tree for arrays of another joint count: one joint a
                      line in the array's order, 'name parent' (a name, a number or - for a root)
    --mean M.npy --std S.npy
                      feature vectors as a model outputs them, normalised: each feature is
                      multiplied by the dataset's standard deviation and its mean added first

Viewer:
  Drop .bvh, .fbx, .glb, .gltf, .npy or .npz files on the window or use File > Open: each becomes
  a clip, side by side on one clock. Space plays/pauses, Left/Right step, Home/End jump, F frames
  the motion, R resets the camera, C follows the root (or the selected joint); left drag orbits,
  right/middle or Shift+left drag pans, the wheel zooms. Click a joint or bone (or a row of the
  joint tree) to inspect it, double-click to centre on it, Esc clears, N cycles name labels (every
  key below). File > Export writes positions CSV, a PNG of the view, a PNG sequence, or a video
  (Ctrl+E: range, size, rate, format, camera as `render` takes them; drawn in the background as
  `render` draws it, with a progress bar and Cancel).
  Settings and recent files live in $XDG_CONFIG_HOME/bvhscope/settings.ini (~/.config).

Position mode:
  add       a joint's translation is OFFSET + its position channels (the Biovision rule)
  replace   a position channel replaces the OFFSET component of its axis (MotionBuilder,
            Bandai Namco, MakeHuman and other exporters write absolute positions)
  auto      (default) over the whole motion, each position channel on a non-zero OFFSET
            votes: its values stay near the OFFSET (absolute) or near zero (displacement);
            replace when absolute votes outnumber displacement votes; the choice, the
            votes and the reason are reported

Up axis (AXIS is auto, +x, -x, +y, -y, +z or -z):
  BVH says +Y, but Blender, MakeHuman and many research files are Z-up and camera-space
  exports Y-down. auto (default) detects it per clip from the motion: the head above the feet
  when joints are named so, limbs reaching down from the hips, a floor that stays put while
  the figure moves, the tallest extent. When the motion cannot tell (a lone hand, a tiny rig,
  no cue) +y is assumed and said. The viewer stands every clip upright on one floor at its
  contact level (glitch frames left out); the Clip tab shows and overrides it per clip.

Metrics (bvhscope metrics), from every joint's position at every frame, stood upright, in
metres above the floor (the contact level info reports):
  feet           End Sites (or leaf joints) under a joint named foot, toe or ankle; without
                 such names, the two End Sites lowest in frame 0
  contact        a foot at most 5 cm above the floor (below it counts too)
  foot skating   a foot's horizontal speed between a frame and the one before while in
                 contact, mean over every foot's contact frames (m/s), and the share of
                 those above 0.25 m/s (the sliding-foot measures of motion-generation papers,
                 e.g. GMD, Karunratanakul et al. 2023, with the threshold in m/s rather than
                 per frame so that it does not depend on the frame rate)
  jitter         mean magnitude of the jerk, the third finite difference of positions over
                 frame time cubed (m/s^3), over every joint and frame from the fourth
  lowest point   the lowest joint's height per frame: its mean, the share of frames above
                 5 cm (floating) and below -1 cm (penetrating), mean depth below 0 and the
                 deepest
  bone drift     per bone, (longest - shortest) over the clip / the figure's size (its
                 largest extent); the largest and its joint (non-root position channels
                 that stretch bones)
  root           horizontal path length of the first root (m) and that over the duration

Lint (bvhscope lint), severities: error = the file is damaged (does not load, declared
frames missing or cut off); warning = it loads, but something is most likely wrong or makes
other readers go wrong; info = worth knowing, nothing to fix. Frames are 0-based. Codes:
  load-error, frame-count, cut-frame    the load's error, too few/many frame lines, a cut row
  frame-time                            0 or a rate written as seconds, or a motion only
                                        plausible at another rate (a guess: --fps N)
  root-keyword, duplicate-name          the parser's warnings (--rename OLD=NEW)
  no-frames                             'Frames: 0': only the rest pose
  no-channels                           joint positions without channels: channel checks
                                        do not apply
  name-space, name-non-ascii, name-prefix   awkward names (--rename, --strip-prefix P)
  mixed-rotation-orders                 joints in different orders (--rotation-order)
  zero-length-bone, collapsed-rest-pose OFFSET 0 0 0 bones; a rest pose that is a point
  position-repeats-offset               absolute positions in the channels (replace mode)
  joint-position-channels, moving-joint-positions   position channels below the root,
                                        constant (--channels 3) or moving (bones stretch)
  constant-channel                      channels that never change
  euler-wrap, euler-flip, rotation-jump a channel jumping over 180 degrees in one frame: the
                                        same angle wrapped, the other Euler solution (both
                                        --unwrap), or a real turn of over 30 degrees (a glitch)
  glitch-frame, root-jump               a joint out and back in one frame; the root teleports
  rest-pose-frame                       a first or last frame in the rest pose
  below-floor, above-floor              the contact level off 0 by over 5 % of the height
                                        (--ground)
  up-axis, units                        the up axis when not +y (--up +y); the unit guess
                                        (a warning when a person would be outside 0.5-2.5 m)
Lint's exit status: 0 nothing above info; 4 warnings but no error; 1 an error in a file (one
that does not load is an error finding); 2 bad usage.

Messages:
  Errors and warnings go to stderr as FILE:LINE:COL: error|warning: MESSAGE (1-based);
  errors about the file itself (cannot open it, not a regular file) read FILE: error: MESSAGE.
  Names from a file (and paths) are printed with control characters escaped (\x1b).
  Exit status: 0 success (warnings allowed; lint: 4 for warnings); 1 bad input, or an output (standard output, a
  file) that could not be written, with the system's reason; 2 bad usage, or an output that
  names an input; 3 out of memory or an internal error (a bug: please report it with the
  file). The viewer exits 0 when its window is closed; on SIGINT, SIGTERM or SIGHUP it
  saves its settings as when closed, then ends by that signal (a shell reports 128 + its
  number: 130, 143, 129).
  Work budget: export, metrics, compare and render's videos pose every joint at every frame
  they cover, convert makes each output frame's values (--fps, --frames) and with --ground
  poses it. More than the larger of 16 Mi and 4 per byte of input (a small header declaring
  10,001 joints over 1,000,000 frames) is refused up front, from the header's numbers, with
  exit status 1 and nothing written ("too much work: 10,001 joints x 1,000,000 frames is
  1.0e10 positions ..."): choose --frames A:B where the command takes it (only those frames
  count), or --no-budget to do it anyway. info, lint, thumbnail, stills and the viewer pose
  sampled frames (or at most 16 Mi positions) and need no budget.

What is loaded with a warning rather than refused:
  - fewer frame lines than 'Frames:' declares, or a last frame line cut short: the
    complete frames are loaded
  - more frame lines than declared: the declared count is used
  - a root written as JOINT
  - 'Frame Time: 0': played at 30 frames per second
  - duplicate joint names (End Sites are named <parent name>End)
What is refused with an error:
  - UTF-16 files (re-save as UTF-8), binary data (a NUL byte anywhere, located), empty files
  - values that do not fit a 32-bit float (e.g. 1e39), nan, inf, and anything else that is
    not BVH: missing or extra braces, malformed OFFSET or CHANNELS, bad Frames or Frame
    Time, frame lines with too many or too few values

Viewer keys and mouse (F1 in the viewer):
)";
  for (const viewer::Shortcut& row : viewer::kShortcuts) out << "  " << row.keys << "\n      " << row.does << '\n';
}

bool print_command_help(std::ostream& out, std::string_view command) {
  std::ostringstream full;
  print_help(full);
  std::istringstream lines(full.str());
  const std::string entry = "  bvhscope " + std::string(command) + ' ';
  std::string line;
  bool inside = false;
  bool found = false;
  while (std::getline(lines, line)) {
    if (line.rfind("  bvhscope ", 0) == 0) inside = line.rfind(entry, 0) == 0;  // an entry starts
    if (line.empty() || (line[0] != ' ')) inside = false;                       // a section starts
    if (!inside) continue;
    out << line << '\n';
    found = true;
  }
  if (found) out << "\nbvhscope --help shows every command, the viewer's keys and what each message means.\n";
  return found;
}

}  // namespace bvhscope::cli
