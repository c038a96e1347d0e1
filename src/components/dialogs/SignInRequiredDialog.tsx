// 'Sign-In Required': shown when a guest tries an action that needs a signed-in user.
import { Button } from '../ui/Button';
import { Modal } from './Modal';

export const SIGN_IN_REQUIRED_TEXT = 'Please sign in to perform this action.';

export function SignInRequiredDialog({
  open,
  onClose,
  onSignIn,
  text = SIGN_IN_REQUIRED_TEXT,
}: {
  open: boolean;
  onClose: () => void;
  onSignIn?: () => void;
  text?: string;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Sign-In Required"
      testId="dialog.signInRequired"
      actions={
        <>
          {onSignIn && (
            <Button
              variant="text"
              onClick={() => {
                onClose();
                onSignIn();
              }}
            >
              Sign In
            </Button>
          )}
          <Button variant="primary" onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
      <p className="text-slate-700">{text}</p>
    </Modal>
  );
}
