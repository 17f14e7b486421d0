export { formatDuration } from '../../components/course/format';

export { formatDateTime, newKey } from '../../lib/format';
