import { useState } from 'react';
import { Alert, Form, Input, Modal, Rate } from 'antd';
import { toast } from '../../../lib/feedback';
import { describeApiError } from '../../../lib/api-errors';
import { useRateMutation } from '../enrolment-api';
import { messages as m, TOAST_SECONDS } from '../messages';

/** What the server accepts (RatingRequest.reviews, ReviewTooLongError): 2,000 characters. */
const REVIEW_MAX_LENGTH = 2000;

const STAR_LABELS = [1, 2, 3, 4, 5].map(m.rating.starLabel);

/** The star dialog of 'Noter ce cours': 1 to 5 stars, optional review (01 §5). */
export function RatingDialog({
  open,
  studentId,
  courseId,
  onClose,
  onRated,
}: {
  open: boolean;
  studentId: number;
  courseId: number;
  onClose: () => void;
  onRated?: (rating: number) => void;
}) {
  const [rating, setRating] = useState(0);
  const [reviews, setReviews] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [rate, { isLoading }] = useRateMutation();

  const close = () => {
    setFailure(null);
    onClose();
  };

  const submit = async () => {
    setFailure(null);
    try {
      await rate({ studentId, courseId, rating, reviews: reviews.trim() || undefined }).unwrap();
      onRated?.(rating);
      close();
      toast('success', m.rating.thanks, TOAST_SECONDS);
    } catch (error) {
      // 01 §8: a rating failure is logged; the dialog also says why when the server told us.
      console.error('Échec de la notation du cours', error);
      const described = describeApiError(error);
      if (described.status === 409) close();
      else setFailure(described.message ?? m.rating.failed);
    }
  };

  return (
    <Modal
      open={open}
      title={m.rating.title}
      okText={m.rating.submit}
      cancelText={m.rating.cancel}
      onOk={submit}
      onCancel={close}
      okButtonProps={{ disabled: rating === 0, loading: isLoading }}
      destroyOnHidden
    >
      <Form layout="vertical" component="div">
        <Form.Item label={m.rating.intro} className="rating-dialog__stars">
          <Rate value={rating} onChange={setRating} tooltips={STAR_LABELS} aria-label={m.rating.intro} />
          <span className="rating-dialog__value" aria-live="polite" data-testid="rating-value">
            {rating > 0 ? m.rating.starLabel(rating) : ''}
          </span>
        </Form.Item>
        <Form.Item label={m.rating.review} htmlFor="rating-reviews">
          <Input.TextArea
            id="rating-reviews"
            rows={4}
            maxLength={REVIEW_MAX_LENGTH}
            showCount
            value={reviews}
            placeholder={m.rating.reviewPlaceholder}
            onChange={(event) => setReviews(event.target.value)}
          />
        </Form.Item>
        {failure ? <Alert type="error" showIcon message={failure} role="alert" /> : null}
      </Form>
    </Modal>
  );
}
