export { InvalidScormPackageError, NOT_A_ZIP_MESSAGE, SCORM_FILE_FIELD } from './scorm.errors.js';
export { isRequiredPart, MANIFEST_READING, readScormManifest, type ScormItem, type ScormManifest } from './scorm-manifest.js';
export { DEFAULT_SCORM_LIMITS, extractScormZip, inspectScormZip, type ScormLimits } from './scorm-zip.js';
